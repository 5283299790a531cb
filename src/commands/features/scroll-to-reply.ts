import { activityReplyIds } from '../../data/activities';
import { activityPage } from '../../data/pages';
import { replyIdInQuery, SCROLL_TO_REPLY_GIVE_UP_MS } from '../../data/scroll-to-reply';
import { onAbort } from '../../inject/lifetime';
import { observe } from '../../inject/observer';
import { hostReplyId, revealReply } from '../../inject/host-replies';
import type { FeatureDef } from '../types';

/**
 * Scroll to the reply named in the URL (2.0.3's C6, on by default): on opening a page whose address
 * says `?void-reply-id={id}`, the reply with that id is scrolled to once it appears (through the
 * shared observer, not by polling), below the top bar, and marked for a moment. It gives up after
 * a stated time, and once the reader scrolls or presses a key: a late reply never pulls the page away.
 */
export const scrollToReply: FeatureDef = {
  id: 'scroll-to-reply',
  title: 'Scroll to reply',
  category: 'activity',
  description: 'Scroll to reply if it is specified in the URL.',
  toggle: 'scrollToReplyEnabled',
  options: [{ key: 'scrollToReplyEnabled', default: true }],
  page: [
    {
      id: 'scroll-to-reply.on-open',
      // Each page opened, and the same page opened with another reply named.
      key: (path) => `${path}${location.search}`,
      run: (ctx) => {
        const wanted = replyIdInQuery(location.search);
        if (wanted === null) return;
        const looking = new AbortController();
        onAbort(ctx, () => looking.abort());
        const giveUp = setTimeout(() => looking.abort(), SCROLL_TO_REPLY_GIVE_UP_MS);
        looking.signal.addEventListener('abort', () => clearTimeout(giveUp), { once: true });
        // The reader took over: their scrolling or keys (not the page's made-up events) win over a reply that comes late.
        for (const type of ['wheel', 'touchmove', 'keydown'] as const)
          document.addEventListener(type, (event) => event.isTrusted && looking.abort(), {
            capture: true,
            passive: true,
            signal: looking.signal,
          });
        const found = (reply: Element) => {
          looking.abort();
          revealReply(reply, ctx);
        };
        // Where the page's objects are out of reach, the replies' ids come from the API, asked once.
        const activityId = activityPage(ctx.path);
        let asked: ReturnType<typeof activityReplyIds> | undefined;
        const listed = activityId === null ? null : () => (asked ??= activityReplyIds(ctx, activityId, looking.signal).catch(() => []));
        observe(
          '.reply:not(.preview)',
          (reply) => {
            if (looking.signal.aborted) return;
            void hostReplyId(reply, listed).then((id) => {
              if (id === wanted && !looking.signal.aborted) found(reply);
            });
          },
          looking,
        );
      },
    },
  ],
};
