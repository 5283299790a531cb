import { activityReplyIds } from '../../data/activities';
import { activityPage } from '../../data/pages';
import { REPLY_MARK_MS, REPLY_ROOM_PX, replyIdInQuery, SCROLL_TO_REPLY_GIVE_UP_MS } from '../../data/scroll-to-reply';
import { onAbort } from '../../inject/lifetime';
import { observe } from '../../inject/observer';
import { hostReplyId } from '../../inject/host-replies';
import { styleWhileRunning } from '../../inject/styles';
import type { FeatureDef, InjectionContext } from '../types';

const MARK_CLASS = 'void-reply-target';

/** How far the host's top bar reaches down the window now (it slides away while scrolling down). */
function navBottom(): number {
  const nav = document.querySelector('#nav');
  if (!nav) return 0;
  const { bottom } = nav.getBoundingClientRect();
  return Math.max(0, bottom);
}

/** Brings the reply to the top of the window, below the top bar, and marks it for a moment. */
function scrollTo(reply: Element, ctx: InjectionContext): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const top = reply.getBoundingClientRect().top + window.scrollY - navBottom() - REPLY_ROOM_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: reduce ? 'auto' : 'smooth' });
  reply.classList.add(MARK_CLASS);
  const unmark = setTimeout(() => reply.classList.remove(MARK_CLASS), REPLY_MARK_MS);
  onAbort(ctx, () => {
    clearTimeout(unmark);
    reply.classList.remove(MARK_CLASS);
  });
}

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
          scrollTo(reply, ctx);
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
    {
      id: 'scroll-to-reply.mark-style',
      run: styleWhileRunning(
        'scroll-to-reply-mark',
        `.reply.${MARK_CLASS} { outline: 2px solid rgb(var(--color-blue, 61, 180, 242)); outline-offset: 4px; border-radius: 4px; transition: outline-color 0.6s; }`,
      ),
    },
  ],
};
