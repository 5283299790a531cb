import { activityPage } from '../data/pages';
import { onAbort, type Lifetime } from './lifetime';
import { hostComponentId } from './page-world';
import { setStyle } from './styles';

/** The host's reply elements on an activity's page, in order (the editor's preview aside). */
const REPLY_LIST = '.activity-replies .reply:not(.preview)';

/** An activity's replies as the API lists them: the host shows them in this order. */
export type ListedReplies = () => Promise<readonly { id: number; author: string }[]>;

/**
 * A host reply's id: its Vue component's; where the page's objects are out of reach, its place
 * among the replies on the page, matched against the API's list (`listed`, asked only then), with
 * the author's name checked. Null when neither tells.
 */
export async function hostReplyId(reply: Element, listed: ListedReplies | null): Promise<number | null> {
  const own = hostComponentId(reply);
  if (own !== null || !listed) return own;
  const index = [...document.querySelectorAll(REPLY_LIST)].indexOf(reply);
  if (index < 0) return null;
  const entry = (await listed())[index];
  return entry && reply.querySelector('.header a.name')?.textContent?.trim() === entry.author ? entry.id : null;
}

/**
 * The activity a host element (a reply, a quote, an entry's text) sits in: its entry's Vue
 * component's id; else, on an activity's page, that activity. Null when neither tells.
 */
export function hostActivityId(element: Element, path: string): number | null {
  const entry = element.closest('.activity-entry');
  return (entry && hostComponentId(entry)) ?? activityPage(path);
}

/** How long a reply brought into view stays marked, so that the eye finds it. */
const REPLY_MARK_MS = 2_500;
/** Space left above a reply brought into view, below the host's top bar. */
const REPLY_ROOM_PX = 12;
const MARK_CLASS = 'void-reply-target';

/** How far the host's top bar reaches down the window now (it slides away while scrolling down). */
function navBottom(): number {
  const nav = document.querySelector('#nav');
  if (!nav) return 0;
  const { bottom } = nav.getBoundingClientRect();
  return Math.max(0, bottom);
}

/**
 * Brings a host element (a reply, an activity) to the top of the window, below the top bar; a
 * reply is marked for a moment (until `lifetime` ends at the latest). Scroll to reply and the
 * referenced quotes both land on a reply this way. One of our cards (`.vv-reply`, `.vv-activity`,
 * in a shadow root, perhaps in a scrolling panel) is scrolled into view through every scroller on
 * its way, with the same room; the mark's look is then the reply-to feature's sheet.
 */
export function revealReply(element: Element, lifetime: Lifetime): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const behavior = reduce ? 'auto' : 'smooth';
  const room = navBottom() + REPLY_ROOM_PX;
  if (element.getRootNode() !== document && element instanceof HTMLElement) {
    element.style.scrollMarginTop = `${room}px`;
    element.scrollIntoView({ block: 'start', behavior });
  } else window.scrollTo({ top: Math.max(0, element.getBoundingClientRect().top + window.scrollY - room), behavior });
  if (!element.matches('.reply, .vv-reply')) return;
  setStyle(
    'reply-target-mark',
    `.reply.${MARK_CLASS} { outline: 2px solid rgb(var(--color-blue, 61, 180, 242)); outline-offset: 4px; border-radius: 4px; transition: outline-color 0.6s; }`,
  );
  element.classList.add(MARK_CLASS);
  const unmark = setTimeout(() => element.classList.remove(MARK_CLASS), REPLY_MARK_MS);
  onAbort(lifetime, () => {
    clearTimeout(unmark);
    element.classList.remove(MARK_CLASS);
  });
}
