import { loadMiniProfile, miniProfileConfigKey, userNameFromHref, type MiniProfileUser, MINI_PROFILE_TEXTS } from '../../data/mini-profile';
import { HOVER_IDLE, hoverTransition, type HoverEffect, type HoverEvent, type HoverState } from '../../data/hover-card';
import { attempt } from '../../data/api-errors';
import { onNodesRemoved } from '../../inject/observer';
import { createStore, type Store } from '../../data/store';
import { mountUi } from '../../panels/mount';
import type { CardState } from '../../panels/mini-profile/MiniProfileCard';
import type { FeatureDef, InjectionContext } from '../types';
import { lazyComponent } from '../lazy';
import { childLifetime, onAbort } from '../../inject/lifetime';
import { listenInOurRoots } from '../../inject/shadow';
import styles from '../../panels/mini-profile/mini-profile.css';

const MiniProfileLayer = lazyComponent(() => import('../../panels/mini-profile/MiniProfileCard'), 'MiniProfileLayer');
const MiniProfileConfig = lazyComponent(() => import('../../panels/mini-profile/MiniProfileConfig'), 'MiniProfileConfig');

/**
 * The mini profile: a card with a user's banner, avatar, name, badges, bio and favourites, shown
 * 100 ms after the pointer (or keyboard focus) reaches a user link and hidden 300 ms after it
 * leaves both the link and the card, on click or on Escape. Delegated listeners on the app root;
 * nothing runs until a user link is hovered.
 */

const UI_KIND = 'mini-profile';
/**
 * The original's targets on the real site: user names in activities and replies. Avatars, liker
 * lists, profile headers and the navigation are not (they would pop a card wherever the pointer
 * crosses a face).
 */
const USER_LINK = ':is(.activity-entry, .reply) a.name[href*="/user/"]';
/** User mentions and links inside rendered markdown (the 'hoverTags' option). */
const TAG_LINK = '.markdown a[href*="/user/"]';
/** The actor's name in a notification of AniList's own list (the 'hoverNotifications' option). */
const NOTIFICATION_LINK = '.notification .details a[href*="/user/"]';
/** The actor's name in a notification of ours (feed, quick access), inside our shadow roots; `data-user` says who. */
const ACTOR = '.vv-notification-actor[data-user]';
/** The host's navigation and our own UI never show the card. */
const EXCLUDED = '#nav, .nav, .mobile-nav, [data-void-ui]';

type Link = Element;
type Config = { hoverTags: boolean; hoverNotifications: boolean };
/** The hovered or focused element that shows a card, with whose; `focus` when focus reached `target`. */
type Find = (target: EventTarget | null, focus: boolean) => { link: Link; name: string } | null;

/** A user link of the host page, as the options allow. */
function userLink(target: EventTarget | null, { hoverTags, hoverNotifications }: Config): { link: Link; name: string } | null {
  if (!(target instanceof Element)) return null;
  const selector = [USER_LINK, hoverTags && TAG_LINK, hoverNotifications && NOTIFICATION_LINK].filter(Boolean).join(', ');
  const link = target.closest<HTMLAnchorElement>(selector);
  if (!link || link.closest(EXCLUDED) || (!hoverTags && link.closest('.markdown'))) return null;
  const name = userNameFromHref(link.getAttribute('href'), location.href);
  return name ? { link, name } : null;
}

/** A notification's actor in our UI: the name hovered, or the one inside the notification's link that took focus. */
function actorName(target: EventTarget | null, focus: boolean, { hoverNotifications }: Config): { link: Link; name: string } | null {
  if (!hoverNotifications || !(target instanceof Element)) return null;
  const actor = (focus ? target.querySelector(ACTOR) : null) ?? target.closest(ACTOR);
  const name = actor?.getAttribute('data-user');
  return actor && name ? { link: actor, name } : null;
}

/** Whose card a link shows: a host link's user, or our actor element's. */
const nameOf = (link: Link) =>
  link instanceof HTMLAnchorElement ? userNameFromHref(link.getAttribute('href'), location.href) : link.getAttribute('data-user');

const inCard = (node: EventTarget | null) => node instanceof Element && node.closest(`[data-void-ui="${UI_KIND}"]`) !== null;

type Hover = HoverEvent<Link, MiniProfileUser>;

/**
 * While a card is up (inside the injection's lifetime): follow its link on scroll and resize, and
 * say when the link left the page or Escape was pressed. Returns the clean-up.
 */
function track(ctx: InjectionContext, shown: () => Link | null, card: Store<CardState | null>, send: (event: Hover) => void): () => void {
  let frame = 0;
  const follow = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const link = shown();
      const current = card.get();
      if (!link?.isConnected) send({ type: 'link-gone' });
      else if (current) card.set({ ...current, anchor: link.getBoundingClientRect() });
    });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') send({ type: 'dismiss' });
  };
  const gone = () => {
    const link = shown();
    if (link && !link.isConnected) send({ type: 'link-gone' });
  };
  const tracking = childLifetime(ctx);
  const { signal } = tracking;
  window.addEventListener('scroll', follow, { capture: true, passive: true, signal });
  window.addEventListener('resize', follow, { passive: true, signal });
  document.addEventListener('keydown', onKey, { capture: true, signal });
  onNodesRemoved(gone, tracking);
  return () => {
    cancelAnimationFrame(frame);
    tracking.abort();
  };
}

/**
 * Pointer and focus events, as the hover controller's events, until the injection is torn down:
 * `find` says which element under them shows a card; `listen` adds each listener where it hears.
 */
function listenToLinks(
  listen: (type: string, listener: (e: Event) => void) => void,
  find: Find,
  hover: () => HoverState<Link>,
  send: (event: Hover) => void,
): void {
  const reach = (target: EventTarget | null, focus: boolean) => {
    const found = find(target, focus);
    if (found) send({ type: 'enter', link: found.link });
  };
  const leave = (target: EventTarget | null, to: EventTarget | null, focus: boolean) => {
    const link = find(target, focus)?.link ?? (target instanceof Element ? target.closest('a') : null);
    if (link && !(to instanceof Node && link.contains(to))) send({ type: 'leave', link, toCard: inCard(to) });
  };
  listen('pointerover', (e) => reach(e.target, false));
  listen('pointerout', (e) => leave(e.target, (e as PointerEvent).relatedTarget, false));
  listen('focusin', (e) => reach(e.target, true));
  listen('focusout', (e) => leave(e.target, (e as FocusEvent).relatedTarget, true));
  listen('click', (e) => {
    const { pending, shown } = hover();
    if ((pending || shown) && find(e.target, false)) send({ type: 'dismiss' });
  });
}

/** Runs the hover controller (`data/hover-card.ts`) on the page: its timers, its read and the card. */
function attach(app: Element, ctx: InjectionContext): undefined {
  const card = createStore<CardState | null>(null);
  let hover: HoverState<Link> = HOVER_IDLE;
  /** The card's UI is mounted on the first card shown, until the injection is torn down. */
  let uiMounted = false;
  let stopTracking: (() => void) | null = null;
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  function send(event: Hover): void {
    const next = hoverTransition(hover, event);
    hover = next.state;
    for (const effect of next.effects) run(effect);
  }

  function run(effect: HoverEffect<Link, MiniProfileUser>): void {
    switch (effect.type) {
      case 'wait-hover':
        clearTimeout(hoverTimer);
        hoverTimer = setTimeout(() => send({ type: 'hover-delay', link: effect.link }), effect.ms);
        return;
      case 'cancel-hover':
        return clearTimeout(hoverTimer);
      case 'wait-hide':
        clearTimeout(hideTimer);
        hideTimer = setTimeout(() => send({ type: 'hide-delay' }), effect.ms);
        return;
      case 'cancel-hide':
        return clearTimeout(hideTimer);
      case 'load':
        return void load(effect.link);
      case 'show':
        if (!uiMounted) mountUi(ctx, UI_KIND, (host) => document.body.append(host), <MiniProfileLayer state={card} handlers={handlers} />);
        uiMounted = true;
        card.set({ user: effect.data, anchor: effect.link.getBoundingClientRect() });
        stopTracking ??= track(ctx, () => hover.shown, card, send);
        return;
      case 'hide':
        card.set(null);
        stopTracking?.();
        stopTracking = null;
        return;
      case 'navigate':
        return ctx.route.navigate(effect.path);
    }
  }

  async function load(link: Link): Promise<void> {
    const name = nameOf(link) ?? '';
    const loaded = await attempt(
      ctx.toasts,
      { toast: MINI_PROFILE_TEXTS.failed(name), detail: false, log: 'mini profile query failed' },
      () => loadMiniProfile(ctx, name, ctx.store.get(miniProfileConfigKey).numberOfFavourites),
    );
    if (!loaded.ok) return send({ type: 'loaded', link, data: null });
    // The link left the page (or the feature stopped) while the answer was on its way.
    if (link.isConnected && !ctx.signal.aborted) send({ type: 'loaded', link, data: loaded.value });
  }

  const handlers = {
    enter: () => send({ type: 'card-enter' }),
    leave: () => send({ type: 'card-leave' }),
    navigate: (path: string) => send({ type: 'navigate', path }),
  };
  const config = () => ctx.store.get(miniProfileConfigKey);
  const { signal } = ctx;
  const onPage: Find = (target) => userLink(target, config());
  listenToLinks(
    (type, listener) => app.addEventListener(type, listener, { passive: true, signal }),
    onPage,
    () => hover,
    send,
  );
  // Our notifications (feed, quick access) are inside our shadow roots: heard there.
  listenToLinks(
    (type, listener) => listenInOurRoots(type, listener, ctx),
    (target, focus) => actorName(target, focus, config()),
    () => hover,
    send,
  );
  onAbort(ctx, () => send({ type: 'dismiss' }));
}

export const miniProfile: FeatureDef = {
  id: 'mini-profile',
  styles,
  title: 'Mini profile',
  category: 'users',
  description: 'A profile card when hovering a user link.',
  options: [
    {
      key: 'miniProfileEnabled',
      description: 'Show a mini profile when hovering a user.',
      default: false,
    },
  ],
  toggle: 'miniProfileEnabled',
  commands: [
    {
      id: 'mini-profile.configure',
      // Configurable while the feature is off.
      toggle: null,
      title: 'Mini Profile Configuration',
      section: 'VoidVerified Settings',
      keywords: ['mini profile', 'hover', 'card', 'favourites', 'bio'],
      page: 'mini-profile.config',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'mini-profile.config',
      title: 'Mini Profile Configuration',
      placeholder: 'Mini Profile Configuration',
      layout: 'form',
      component: ({ ctx }) => <MiniProfileConfig ctx={ctx} />,
    },
    { kind: 'settings-tab', id: 'mini-profile.tab', title: 'mini profile', option: 'miniProfileEnabled', component: MiniProfileConfig },
  ],
  injections: [
    {
      id: 'mini-profile-hover',
      selector: '#app',
      single: true,
      mount: attach,
    },
  ],
};
