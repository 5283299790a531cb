import {
  anilistPath,
  defaultCollapsed,
  imageLinkSource,
  isUserLink,
  replyCollapseId,
  resolveCollapsed,
  publishSelfMessage as publishSelfMessageCall,
  timestampTitle,
} from '../../data/activity-touches';
import { isOwnProfile, isProfile, isProfileOverview, profileName } from '../../data/pages';
import { REMOUNT } from '../../inject/injector';
import { vueOf } from '../../inject/page-world';
import { attempt } from '../../data/api-errors';
import { collapsedKey, withCollapsed } from '../../data/collapse';
import { createStore } from '../../data/store';
import { timeConfigKey } from '../../data/time';
import type { Store } from '../../data/storage';
import { onChanges } from '../../inject/observer';
import { mountUi } from '../../panels/mount';
import { removeStyle, setStyle } from '../../inject/styles';
import type { PreviewState } from '../../panels/ActivityTouches';
import { lazyComponent } from '../lazy';
import type { CommandContext, FeatureDef, Injection, InjectionContext } from '../types';

const ImagePreview = lazyComponent(() => import('../../panels/ActivityTouches'), 'ImagePreview');
const ReplyCollapseButton = lazyComponent(() => import('../../panels/ActivityTouches'), 'ReplyCollapseButton');
const SelfMessage = lazyComponent(() => import('../../panels/ActivityTouches'), 'SelfMessage');

/**
 * Small changes to the host's activities and replies, each behind its option: image-link preview,
 * timestamp tooltips in our date format, the self message, collapsible replies, hidden like counts,
 * subscribe bells beside replies and likes, the list-feed message fix and AniList links in the same
 * tab. Page-wide behaviour uses one delegated listener per option; CSS goes in style elements.
 */

const on = (key: string) => (ctx: CommandContext) => ctx.settings.get(key) === true;
const anyPage = () => true;
const ownProfile = (ctx: CommandContext) => isOwnProfile(ctx.path, ctx.viewer?.name);

const MESSAGE_SELF = 'activity-touches.message-self';
const TOGGLE_REPLY = 'activity-touches.toggle-reply';
const COLLAPSED_CLASS = 'void-reply-collapsed';
const LIST_FEED_CLASS = 'void-list-feed-active';

/** An injection that only holds a style element while its option is on. */
const styleInjection = (id: string, option: string, css: string): Injection => ({
  id,
  route: anyPage,
  selector: 'head',
  single: true,
  when: on(option),
  mount: () => {
    setStyle(id, css);
    return () => removeStyle(id);
  },
});

// --- Self message ------------------------------------------------------------------------------

const selfMessageOpen = createStore(false);
const selfMessageApplies = (ctx: CommandContext) => on('selfMessageEnabled')(ctx) && ownProfile(ctx);

async function publishSelfMessage(ctx: CommandContext, message: string): Promise<boolean> {
  const viewer = ctx.viewer;
  if (!viewer) return false;
  ctx.toasts.debug('Self-publishing a message.');
  const published = await attempt(
    ctx.toasts,
    { toast: 'There was an error self-publishing a message.', log: 'self-publishing a message failed' },
    () => publishSelfMessageCall(ctx, message, viewer.id),
  );
  if (!published.ok) return false;
  ctx.toasts.success('Message self-published.');
  ctx.route.navigate(`/activity/${published.value}`);
  return true;
}

// --- Collapsible replies -----------------------------------------------------------------------

/** What a mounted reply needs: its collapsed-containers id and how it starts when nothing is remembered. */
const replyInfo = new WeakMap<Element, { key: string; auto: boolean }>();

function vueId(element: Element): number | null {
  // Vue 2 keeps the component instance on its root element, in the page's JavaScript world.
  const id = vueOf(element)?.$props?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

function isCollapsed(store: Store, reply: Element): boolean {
  const info = replyInfo.get(reply);
  return info ? resolveCollapsed(store.get(collapsedKey)[info.key], info.auto) : false;
}

/** Sets each reply's state (from its current one); states equal to the reply's default are not stored. */
function setCollapsed(store: Store, replies: readonly Element[], next: (current: boolean) => boolean): void {
  store.update(collapsedKey, (record) =>
    replies.reduce((r, reply) => {
      const info = replyInfo.get(reply);
      return info ? withCollapsed(r, info.key, next(resolveCollapsed(r[info.key], info.auto)), info.auto) : r;
    }, record),
  );
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

const collapsible = on('collapsibleReplies');

function mountReply(reply: Element, ctx: CommandContext): (() => void) | void {
  const id = vueId(reply);
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
  const apply = () => reply.classList.toggle(COLLAPSED_CLASS, isCollapsed(ctx.store, reply));
  apply();
  const stop = ctx.store.subscribe(collapsedKey, apply);
  const place = reply.querySelector('.header .actions') ?? reply.querySelector('.header') ?? reply;
  const unmount = mountUi(
    ctx,
    'reply-collapse',
    (host) => place.prepend(host),
    <ReplyCollapseButton collapsed={() => isCollapsed(ctx.store, reply)} command={TOGGLE_REPLY} />,
    'span',
  );
  return () => {
    stop();
    unmount();
    reply.classList.remove(COLLAPSED_CLASS);
    replyInfo.delete(reply);
  };
}

// --- Subscribe bells ---------------------------------------------------------------------------

/**
 * Shows the host's bell in the action row. The bell itself stays where Vue put it (hidden by the
 * style below): moving a node Vue owns breaks its next patch of that part of the page. A copy sits
 * in the action row instead, forwards clicks to the host's bell (so the host's own handler runs)
 * and follows its label as the host toggles it.
 */
function mirrorBell(bell: Element, ctx: InjectionContext): (() => void) | void {
  const actions = bell.closest('.wrap')?.querySelector('.actions');
  if (!actions || actions.contains(bell)) return;
  const copy = bell.cloneNode(true) as HTMLElement;
  copy.setAttribute('data-void-bell', '');
  copy.setAttribute('role', 'button');
  copy.tabIndex = 0;
  const sync = () => {
    const label = bell.getAttribute('label') ?? 'Subscribe';
    copy.setAttribute('label', label);
    copy.setAttribute('aria-label', label);
    copy.classList.toggle('active', bell.classList.contains('active'));
  };
  sync();
  const press = (event: Event) => {
    if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    (bell as HTMLElement).click();
  };
  copy.addEventListener('click', press, { signal: ctx.signal });
  copy.addEventListener('keydown', press, { signal: ctx.signal });
  actions.append(copy);
  const untrack = ctx.track(copy);
  const stop = onChanges((targets) => targets.has(bell) && sync());
  return () => {
    stop();
    untrack();
    copy.remove();
  };
}

// --- The feature -------------------------------------------------------------------------------

export const activityTouches: FeatureDef = {
  id: 'activity-touches',
  title: 'Activity touches',
  category: 'activity',
  description: 'Subscribe buttons, like counts, collapsible replies, image previews, timestamps, the self message and link targets.',
  options: [
    {
      key: 'moveSubscribeButtons',
      title: 'Move subscribe buttons',
      description: 'Move the activity subscribe button next to replies and likes.',
      default: false,
      category: 'activity',
    },
    {
      key: 'hideLikeCount',
      title: 'Hide like counts',
      description: 'Hide like counts on activities and replies.',
      default: false,
      category: 'activity',
    },
    {
      key: 'collapsibleReplies',
      title: 'Collapsible replies',
      description: 'Add a collapse button to replies.',
      default: false,
      category: 'activity',
    },
    {
      key: 'autoCollapseLiked',
      title: 'Collapse liked replies',
      description: 'Start replies you liked collapsed.',
      default: false,
      category: 'activity',
    },
    {
      key: 'autoCollapseSelf',
      title: 'Collapse own replies',
      description: 'Start your own replies collapsed.',
      default: false,
      category: 'activity',
    },
    {
      key: 'imagePreviewEnabled',
      title: 'Image link preview',
      description: 'Preview linked images on hover.',
      default: false,
      category: 'activity',
    },
    {
      key: 'hideMessagesFromListFeed',
      title: 'Fix messages in list feed',
      description: 'Hide private messages from the list feed on your own profile (an AniList bug).',
      default: false,
      category: 'activity',
    },
    {
      key: 'selfMessageEnabled',
      title: 'Self-message button',
      description: 'Add a button on your profile to post a message to yourself.',
      default: false,
      category: 'activity',
      authRequired: true,
    },
    {
      key: 'removeAnilistBlanks',
      title: 'AniList links in same tab',
      description: 'Open AniList links in the same tab.',
      default: false,
      category: 'misc',
    },
    {
      key: 'activityTimestampTooltipsEnabled',
      title: 'Timestamp tooltips',
      description: 'Replace activity timestamp tooltips with your date format.',
      default: false,
      category: 'misc',
    },
  ],
  commands: [
    {
      id: MESSAGE_SELF,
      title: 'Message yourself…',
      section: 'Activity',
      keywords: ['self message', 'note', 'post', 'publish'],
      authRequired: true,
      when: selfMessageApplies,
      relevant: selfMessageApplies,
      run: (ctx) => {
        const name = profileName(ctx.path);
        if (!name || !ownProfile(ctx)) return;
        selfMessageOpen.set(true);
        // The box lives on the overview; from another tab of the profile, go there.
        if (!isProfileOverview(ctx.path)) ctx.route.navigate(`/user/${encodeURIComponent(name)}/`);
      },
    },
    {
      id: TOGGLE_REPLY,
      title: 'Collapse or expand this reply',
      section: 'Activity',
      when: (ctx) => collapsible(ctx) && replyOf(ctx.focused) !== null,
      run: (ctx) => {
        const reply = replyOf(ctx.focused);
        if (reply) setCollapsed(ctx.store, [reply], (current) => !current);
      },
    },
    {
      id: 'activity-touches.collapse-replies',
      title: 'Collapse all replies',
      section: 'Activity',
      when: (ctx) => collapsible(ctx) && mountedReplies().length > 0,
      relevant: () => true,
      run: (ctx) => setCollapsed(ctx.store, mountedReplies(), () => true),
    },
    {
      id: 'activity-touches.expand-replies',
      title: 'Expand all replies',
      section: 'Activity',
      when: (ctx) => collapsible(ctx) && mountedReplies().length > 0,
      relevant: () => true,
      run: (ctx) => setCollapsed(ctx.store, mountedReplies(), () => false),
    },
  ],
  injections: [
    {
      // One set of delegated pointer listeners; the preview is an <img> in a shadow root.
      id: 'image-preview',
      route: anyPage,
      selector: 'body',
      single: true,
      when: on('imagePreviewEnabled'),
      mount: (body, ctx) => {
        const state = createStore<PreviewState | null>(null);
        const unmount = mountUi(ctx, 'image-preview', (host) => body.append(host), <ImagePreview state={state} />);
        let link: Element | null = null;
        const show = (a: Element | null, src: string | null, event: MouseEvent) => {
          link = src ? a : null;
          state.set(src ? { src, x: event.clientX, y: event.clientY } : null);
        };
        const onPointer = (event: MouseEvent) => {
          if (event.type === 'mousemove') {
            // A link removed under the pointer never sends mouseout.
            if (link) show(link, link.isConnected ? (state.get()?.src ?? null) : null, event);
          } else if (event.type === 'mouseout') {
            if (link && !(event.relatedTarget instanceof Node && link.contains(event.relatedTarget))) show(null, null, event);
          } else {
            const a = event.target instanceof Element ? event.target.closest('a[href]') : null;
            if (a !== link) show(a, a && imageLinkSource(a.getAttribute('href'), a.querySelector('img') !== null, location.href), event);
          }
        };
        for (const type of ['mouseover', 'mousemove', 'mouseout'] as const)
          document.addEventListener(type, onPointer, { passive: true, signal: ctx.signal });
        return unmount;
      },
    },
    {
      id: 'timestamp-tooltips',
      route: anyPage,
      selector: '.activity-entry time[datetime], .reply time[datetime]',
      optional: true,
      when: on('activityTimestampTooltipsEnabled'),
      // A time element reused for another entry gets the host's tooltip back: ours follows the new date.
      key: (time) => time.getAttribute('datetime'),
      mount: (time, ctx) => {
        const original = time.getAttribute('title');
        let ours: string | null = null;
        const apply = () => {
          ours = timestampTitle(time.getAttribute('datetime'), ctx.store.get(timeConfigKey));
          if (ours !== null) time.setAttribute('title', ours);
        };
        apply();
        const stop = ctx.store.subscribe(timeConfigKey, apply);
        return () => {
          stop();
          // Put the host's tooltip back, unless the host has set a newer one itself.
          if (time.getAttribute('title') !== ours) return;
          if (original === null) time.removeAttribute('title');
          else time.setAttribute('title', original);
        };
      },
    },
    {
      id: 'self-message',
      route: isProfileOverview,
      selector: '.activity-feed-wrap > .section-header',
      single: true,
      when: (ctx) => selfMessageApplies(ctx) && ctx.authorized,
      mount: (header, ctx) => {
        const unmount = mountUi(
          ctx,
          'self-message',
          (host) => header.after(host),
          <SelfMessage open={selfMessageOpen} openCommand={MESSAGE_SELF} publish={(text) => publishSelfMessage(ctx.context(), text)} />,
        );
        return () => {
          unmount();
          // Leaving the overview closes the box; the host rebuilding the header keeps it as it was.
          if (ctx.signal.reason !== REMOUNT) selfMessageOpen.set(false);
        };
      },
    },
    {
      id: 'reply-collapse',
      route: anyPage,
      selector: '.reply:not(.preview)',
      optional: true,
      when: collapsible,
      // A reply element reused for another reply takes that reply's remembered state.
      key: (reply) => String(vueId(reply)),
      mount: mountReply,
    },
    styleInjection('reply-collapse-style', 'collapsibleReplies', `.reply.${COLLAPSED_CLASS} .reply-markdown { display: none !important; }`),
    styleInjection(
      'hide-like-count',
      'hideLikeCount',
      '.activity-entry .like-wrap .count, .reply .like-wrap .count { display: none !important; }',
    ),
    {
      id: 'move-subscribe',
      route: anyPage,
      selector:
        '.activity-entry span[label="Subscribe"]:not([data-void-bell]), .activity-entry span[label="Unsubscribe"]:not([data-void-bell])',
      optional: true,
      when: on('moveSubscribeButtons'),
      mount: mirrorBell,
    },
    styleInjection(
      'move-subscribe-style',
      'moveSubscribeButtons',
      '.activity-entry .time > span[label] { display: none !important; } .activity-entry .actions > span[data-void-bell] { display: inline-flex; align-items: center; cursor: pointer; }',
    ),
    {
      // Document 2 section 4 'Private messages': on with the fourth feed tab, off with the first three or off the own profile.
      id: 'list-feed-messages',
      route: isProfile,
      selector: 'body',
      single: true,
      when: (ctx) => on('hideMessagesFromListFeed')(ctx) && ownProfile(ctx),
      mount: (body, ctx) => {
        setStyle(
          'list-feed-messages',
          `body.${LIST_FEED_CLASS} .activity-feed .activity-entry.activity-message { display: none !important; }`,
        );
        const onClick = (event: MouseEvent) => {
          const tab = event.target instanceof Element ? event.target.closest('.activity-feed-wrap .section-header ul > li') : null;
          if (tab?.parentElement) body.classList.toggle(LIST_FEED_CLASS, [...tab.parentElement.children].indexOf(tab) === 3);
        };
        document.addEventListener('click', onClick, { capture: true, signal: ctx.signal });
        return () => {
          body.classList.remove(LIST_FEED_CLASS);
          removeStyle('list-feed-messages');
        };
      },
    },
    {
      // AniList links in user content open in this tab through the host router; other sites are left alone.
      id: 'anilist-links-same-tab',
      route: anyPage,
      selector: 'body',
      single: true,
      when: on('removeAnilistBlanks'),
      mount: (_body, ctx) => {
        const onClick = (event: MouseEvent) => {
          if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          const a = event.target instanceof Element ? event.target.closest('a[href][target="_blank"]') : null;
          if (!a?.closest('.markdown, .activity-entry')) return;
          const path = anilistPath(a.getAttribute('href'), location.origin);
          if (path === null) return;
          event.preventDefault();
          ctx.route.navigate(path);
        };
        document.addEventListener('click', onClick, { capture: true, signal: ctx.signal });
      },
    },
  ],
};
