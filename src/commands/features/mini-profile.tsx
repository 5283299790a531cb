import { HIDE_DELAY_MS, HOVER_DELAY_MS, loadMiniProfile, miniProfileConfigKey, userNameFromHref } from '../../data/mini-profile';
import { attempt } from '../../data/api-errors';
import { onNodesRemoved } from '../../inject/observer';
import { createStore } from '../../data/store';
import { mountUi } from '../../panels/mount';
import type { CardState } from '../../panels/mini-profile/MiniProfileCard';
import type { FeatureDef, InjectionContext } from '../types';
import { lazyComponent } from '../lazy';
import { childLifetime, onAbort } from '../../inject/lifetime';
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
/** The host's navigation and our own UI never show the card. */
const EXCLUDED = '#nav, .nav, .mobile-nav, [data-void-ui]';

function userLink(target: EventTarget | null, hoverTags: boolean): { link: HTMLAnchorElement; name: string } | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest<HTMLAnchorElement>(hoverTags ? `${USER_LINK}, ${TAG_LINK}` : USER_LINK);
  if (!link || link.closest(EXCLUDED) || (!hoverTags && link.closest('.markdown'))) return null;
  const name = userNameFromHref(link.getAttribute('href'), location.href);
  return name ? { link, name } : null;
}

const inCard = (node: EventTarget | null) => node instanceof Element && node.closest(`[data-void-ui="${UI_KIND}"]`) !== null;

function attach(app: Element, ctx: InjectionContext): undefined {
  const state = createStore<CardState | null>(null);
  /** The card's UI is mounted on the first card shown, until the injection is torn down. */
  let uiMounted = false;
  /** The link whose card waits for its delay or its data. */
  let pending: HTMLAnchorElement | null = null;
  /** The link whose card is shown. */
  let shown: HTMLAnchorElement | null = null;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let stopTracking: (() => void) | null = null;

  const keepOpen = () => clearTimeout(hideTimer);
  const hideSoon = () => {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hideCard, HIDE_DELAY_MS);
  };
  const cancelPending = () => {
    clearTimeout(showTimer);
    pending = null;
  };
  function hideCard(): void {
    clearTimeout(hideTimer);
    shown = null;
    state.set(null);
    stopTracking?.();
    stopTracking = null;
  }
  const hide = () => {
    cancelPending();
    hideCard();
  };

  /** While a card is up: follow its link on scroll and resize; close on Escape or when the link leaves the page. */
  function track(): () => void {
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const current = state.get();
        if (!shown?.isConnected) hideCard();
        else if (current) state.set({ ...current, anchor: shown.getBoundingClientRect() });
      });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    };
    const gone = () => {
      if (shown && !shown.isConnected) hideCard();
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

  async function open(link: HTMLAnchorElement, name: string): Promise<void> {
    const loaded = await attempt(
      ctx.toasts,
      { toast: `Failed to query mini profile data for ${name}`, detail: false, log: 'mini profile query failed' },
      () => loadMiniProfile(ctx, name, ctx.store.get(miniProfileConfigKey).numberOfFavourites),
    );
    if (!loaded.ok) {
      if (pending === link) cancelPending();
      return;
    }
    const user = loaded.value;
    // The pointer left (or the feature stopped) while the answer was on its way.
    if (pending !== link || !link.isConnected || ctx.signal.aborted) return;
    pending = null;
    shown = link;
    keepOpen();
    if (!uiMounted) mountUi(ctx, UI_KIND, (host) => document.body.append(host), <MiniProfileLayer state={state} handlers={handlers} />);
    uiMounted = true;
    state.set({ user, anchor: link.getBoundingClientRect() });
    stopTracking ??= track();
  }

  const handlers = {
    enter: keepOpen,
    leave: hideSoon,
    navigate: (path: string) => {
      hide();
      ctx.route.navigate(path);
    },
  };

  function reach(target: EventTarget | null): void {
    const found = userLink(target, ctx.store.get(miniProfileConfigKey).hoverTags);
    if (!found || found.link === pending) return;
    if (found.link === shown) return keepOpen();
    pending = found.link;
    clearTimeout(showTimer);
    showTimer = setTimeout(() => void open(found.link, found.name), HOVER_DELAY_MS);
  }

  function leave(target: EventTarget | null, to: EventTarget | null): void {
    const link = target instanceof Element ? target.closest('a') : null;
    if (!link || (to instanceof Node && link.contains(to))) return;
    if (link === pending) cancelPending();
    if (link === shown && !inCard(to)) hideSoon();
  }

  const listeners: [string, (e: Event) => void][] = [
    ['pointerover', (e) => reach(e.target)],
    ['pointerout', (e) => leave(e.target, (e as PointerEvent).relatedTarget)],
    ['focusin', (e) => reach(e.target)],
    ['focusout', (e) => leave(e.target, (e as FocusEvent).relatedTarget)],
    [
      'click',
      (e) => {
        if ((pending || shown) && userLink(e.target, true)) hide();
      },
    ],
  ];
  for (const [type, listener] of listeners) app.addEventListener(type, listener, { passive: true, signal: ctx.signal });
  onAbort(ctx, hide);
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
      id: 'miniprofile.configure',
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
    { kind: 'settings-tab', id: 'tab.mini-profile', title: 'mini profile', option: 'miniProfileEnabled', component: MiniProfileConfig },
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
