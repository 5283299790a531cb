import { collapsedKey, withCollapsed } from '../../data/collapse';
import { defaultCollapsed, isUserLink, replyCollapseId, resolveCollapsed } from '../../data/collapsible-replies';
import type { Store } from '../../data/storage';
import { onAbort } from '../../inject/lifetime';
import { hostComponentId } from '../../inject/page-world';
import { styleWhileRunning } from '../../inject/styles';
import { mountUi } from '../../panels/mount';
import { settingsKey } from '../../data/config';
import { createStore } from '../../data/store';
import { lazyComponent } from '../lazy';
import type { FeatureDef, InjectionContext } from '../types';

const ReplyCollapseButton = lazyComponent(() => import('../../panels/collapsible-replies/ReplyCollapseButton'), 'ReplyCollapseButton');

/**
 * Collapsible replies: each reply gets a toggle that hides its text; the state is remembered per
 * reply (in the collapsed containers) while 'Remember collapsed replies' is on (2.0.3's C7, on by
 * default), else kept for this page only; a reply with nothing remembered starts as the
 * auto-collapse options say. The palette collapses or expands the focused reply or all of them.
 */

const TOGGLE_REPLY = 'collapsible-replies.toggle-reply';
const COLLAPSE_ALL = 'collapsible-replies.collapse-replies';
const EXPAND_ALL = 'collapsible-replies.expand-replies';
const COLLAPSED_CLASS = 'void-reply-collapsed';

const REMEMBER = 'rememberCollapsedReplies';

/** What a mounted reply needs: its collapsed-containers id and how it starts when nothing is remembered. */
const replyInfo = new WeakMap<Element, { key: string; auto: boolean }>();
/** The states set on this page while they are not remembered, by collapsed-containers id (gone with the page). */
const notRemembered = createStore<Readonly<Record<string, boolean>>>({});

const remembering = (ctx: Pick<InjectionContext, 'settings'>) => ctx.settings.get(REMEMBER) !== false;

function isCollapsed(ctx: Pick<InjectionContext, 'store' | 'settings'>, reply: Element): boolean {
  const info = replyInfo.get(reply);
  if (!info) return false;
  const record = remembering(ctx) ? ctx.store.get(collapsedKey) : notRemembered.get();
  return resolveCollapsed(record[info.key], info.auto);
}

/** Sets each reply's state (from its current one); states equal to the reply's default are not kept. */
function setCollapsed(
  ctx: Pick<InjectionContext, 'store' | 'settings'>,
  replies: readonly Element[],
  next: (current: boolean) => boolean,
): void {
  const change = (record: Readonly<Record<string, boolean>>) =>
    replies.reduce((r, reply) => {
      const info = replyInfo.get(reply);
      return info ? withCollapsed(r, info.key, next(resolveCollapsed(r[info.key], info.auto)), info.auto) : r;
    }, record);
  if (remembering(ctx)) ctx.store.update(collapsedKey, change);
  else notRemembered.set(change);
}

/** Calls `listener` when a reply's state may have changed (remembered or not), until the returned stop. */
function onStateChange(store: Store, listener: () => void): () => void {
  // The settings too: switching remembering on or off changes which states count.
  const stops = [store.subscribe(collapsedKey, listener), store.subscribe(settingsKey, listener), notRemembered.subscribe(listener)];
  return () => stops.forEach((stop) => stop());
}

/** The reply an element (ours, in a shadow root inside it, or the host's) belongs to. */
function replyOf(element: Element | null): Element | null {
  for (let el = element; el;) {
    const reply = el.closest('.reply:not(.preview)');
    if (reply) return replyInfo.has(reply) ? reply : null;
    const root = el.getRootNode();
    el = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

const mountedReplies = (): Element[] =>
  typeof document === 'undefined' ? [] : [...document.querySelectorAll('.reply:not(.preview)')].filter((r) => replyInfo.has(r));

function mountReply(reply: Element, ctx: InjectionContext): undefined {
  const id = hostComponentId(reply);
  if (id === null) return; // without an id its state could not be remembered
  replyInfo.set(reply, {
    key: replyCollapseId(id),
    auto: defaultCollapsed({
      liked: reply.querySelector('.like-wrap .button.liked') !== null,
      own: isUserLink(reply.querySelector('.header a.name')?.getAttribute('href'), ctx.viewer?.name),
      autoCollapseLiked: ctx.settings.get('autoCollapseLiked') === true,
      autoCollapseSelf: ctx.settings.get('autoCollapseSelf') === true,
    }),
  });
  const apply = () => reply.classList.toggle(COLLAPSED_CLASS, isCollapsed(ctx, reply));
  apply();
  onAbort(ctx, onStateChange(ctx.store, apply));
  const place = reply.querySelector('.header .actions') ?? reply.querySelector('.header') ?? reply;
  mountUi(
    ctx,
    'reply-collapse',
    (host) => place.prepend(host),
    <ReplyCollapseButton
      ctx={ctx}
      collapsed={() => isCollapsed(ctx, reply)}
      subscribe={(listener) => onStateChange(ctx.store, listener)}
      command={TOGGLE_REPLY}
    />,
    'span',
  );
  onAbort(ctx, () => {
    reply.classList.remove(COLLAPSED_CLASS);
    replyInfo.delete(reply);
  });
}

export const collapsibleReplies: FeatureDef = {
  id: 'collapsible-replies',
  title: 'Collapsible replies',
  category: 'activity',
  description: 'Add a collapse button to replies.',
  toggle: 'collapsibleReplies',
  options: [
    {
      key: 'collapsibleReplies',
      default: false,
    },
    {
      key: REMEMBER,
      title: 'Remember collapsed replies',
      description: 'Remember collapsed replies.',
      default: true,
    },
    {
      key: 'autoCollapseLiked',
      title: 'Collapse liked replies',
      description: 'Start replies you liked collapsed.',
      default: false,
    },
    {
      key: 'autoCollapseSelf',
      title: 'Collapse own replies',
      description: 'Start your own replies collapsed.',
      default: false,
    },
  ],
  commands: [
    {
      id: TOGGLE_REPLY,
      title: 'Collapse or expand this reply',
      section: 'Activity',
      when: (ctx) => replyOf(ctx.focused) !== null,
      run: (ctx) => {
        const reply = replyOf(ctx.focused);
        if (reply) setCollapsed(ctx, [reply], (current) => !current);
      },
    },
    {
      id: COLLAPSE_ALL,
      title: 'Collapse all replies',
      section: 'Activity',
      when: () => mountedReplies().length > 0,
      relevant: () => true,
      run: (ctx) => setCollapsed(ctx, mountedReplies(), () => true),
    },
    {
      id: EXPAND_ALL,
      title: 'Expand all replies',
      section: 'Activity',
      when: () => mountedReplies().length > 0,
      relevant: () => true,
      run: (ctx) => setCollapsed(ctx, mountedReplies(), () => false),
    },
  ],
  injections: [
    {
      id: 'reply-collapse',
      selector: '.reply:not(.preview)',
      optional: true,
      // A reply element reused for another reply takes that reply's remembered state.
      key: (reply) => String(hostComponentId(reply)),
      mount: mountReply,
    },
  ],
  page: [
    {
      id: 'reply-collapse-style',
      run: styleWhileRunning('reply-collapse-style', `.reply.${COLLAPSED_CLASS} .reply-markdown { display: none !important; }`),
    },
  ],
};
