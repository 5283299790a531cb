import { isProfile, ownProfile } from '../../data/pages';
import { removeStyle, setStyle } from '../../inject/styles';
import type { FeatureDef } from '../types';
import { onAbort } from '../../inject/lifetime';

/**
 * The list-feed message fix: AniList shows private messages in the list feed of the viewer's own
 * profile. On the own profile, messages are hidden while the fourth feed tab (the list feed) is the
 * one last chosen, and shown again with the first three tabs or off the own profile.
 */

const LIST_FEED_CLASS = 'void-list-feed-active';

export const listFeedMessages: FeatureDef = {
  id: 'list-feed-messages',
  title: 'Fix messages in list feed',
  category: 'activity',
  description: 'Hide private messages from the list feed on your own profile (an AniList bug).',
  toggle: 'hideMessagesFromListFeed',
  options: [
    {
      key: 'hideMessagesFromListFeed',
      default: false,
    },
  ],
  page: [
    {
      id: 'list-feed-messages',
      route: isProfile,
      when: ownProfile,
      run: (ctx) => {
        setStyle(
          'list-feed-messages',
          `body.${LIST_FEED_CLASS} .activity-feed .activity-entry.activity-message { display: none !important; }`,
        );
        const onClick = (event: MouseEvent) => {
          const tab = event.target instanceof Element ? event.target.closest('.activity-feed-wrap .section-header ul > li') : null;
          if (tab?.parentElement) document.body.classList.toggle(LIST_FEED_CLASS, [...tab.parentElement.children].indexOf(tab) === 3);
        };
        document.addEventListener('click', onClick, { capture: true, signal: ctx.signal });
        onAbort(ctx, () => {
          document.body.classList.remove(LIST_FEED_CLASS);
          removeStyle('list-feed-messages');
        });
      },
    },
  ],
};
