import type { FeatureDef } from '../types';

/** Reply to an activity while updating a list entry (built in the activities step). */
export const replyUpdate: FeatureDef = {
  id: 'reply-update',
  title: 'Reply with list update',
  category: 'activity',
  description: 'Reply to a home feed activity and update your list entry in one go.',
  planned: true,
  options: [
    { key: 'replyActivityUpdate', title: 'Insta-reply with list update', description: 'Add insta-reply to activity update in the home feed.', default: false, category: 'activity', authRequired: true },
  ],
};
