import type { FeatureDef } from '../types';

/** Small changes to the host's activities and replies (built in the verified-users step). */
export const activityTouches: FeatureDef = {
  id: 'activity-touches',
  title: 'Activity touches',
  category: 'activity',
  description: 'Subscribe buttons, like counts, collapsible replies, image previews and link targets.',
  planned: true,
  options: [
    { key: 'moveSubscribeButtons', title: 'Move subscribe buttons', description: 'Move the activity subscribe button next to replies and likes.', default: false, category: 'activity' },
    { key: 'hideLikeCount', title: 'Hide like counts', description: 'Hide like counts on activities and replies.', default: false, category: 'activity' },
    { key: 'collapsibleReplies', title: 'Collapsible replies', description: 'Add a collapse button to replies.', default: false, category: 'activity' },
    { key: 'autoCollapseLiked', title: 'Collapse liked replies', description: 'Start replies you liked collapsed.', default: false, category: 'activity' },
    { key: 'autoCollapseSelf', title: 'Collapse own replies', description: 'Start your own replies collapsed.', default: false, category: 'activity' },
    { key: 'imagePreviewEnabled', title: 'Image link preview', description: 'Preview linked images on hover.', default: false, category: 'activity' },
    { key: 'hideMessagesFromListFeed', title: 'Fix messages in list feed', description: "Hide private messages from the list feed on your own profile (an AniList bug).", default: false, category: 'activity' },
    { key: 'selfMessageEnabled', title: 'Self-message button', description: 'Add a button on your profile to post a message to yourself.', default: false, category: 'activity', authRequired: true },
    { key: 'removeAnilistBlanks', title: 'AniList links in same tab', description: 'Open AniList links in the same tab.', default: false, category: 'misc' },
  ],
};
