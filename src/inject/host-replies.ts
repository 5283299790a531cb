import { hostComponentId } from './page-world';

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
