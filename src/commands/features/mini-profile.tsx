import { loadMiniProfile, miniProfileConfigKey, userNameFromHref, type MiniProfileUser, MINI_PROFILE_TEXTS } from '../../data/mini-profile';
import { attempt } from '../../data/api-errors';
import type { FeatureDef, InjectionContext } from '../types';
import { lazyComponent } from '../lazy';
import { attachHoverCard } from '../hover-card';
import styles from '../../panels/mini-profile/mini-profile.css';

const MiniProfileLayer = lazyComponent(() => import('../../panels/mini-profile/MiniProfileCard'), 'MiniProfileLayer');
const MiniProfileConfig = lazyComponent(() => import('../../panels/mini-profile/MiniProfileConfig'), 'MiniProfileConfig');

/**
 * The mini profile: a card with a user's banner, avatar, name, badges, bio and favourites, shown
 * as every hover card is (`src/commands/hover-card.tsx`): 100 ms after the pointer (or keyboard
 * focus) reaches a user link, hidden 300 ms after it leaves both the link and the card, on click
 * or on Escape, and when another feature's card opens.
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

/** Runs the shared hover card (`src/commands/hover-card.tsx`) for user links: the mini profile's read and card. */
function attach(app: Element, ctx: InjectionContext): undefined {
  const config = () => ctx.store.get(miniProfileConfigKey);
  attachHoverCard<MiniProfileUser>(app, ctx, {
    kind: UI_KIND,
    linkAt: (target) => userLink(target, config())?.link ?? null,
    // Our notifications (feed, quick access) are inside our shadow roots: heard there.
    linkInOurRoots: (target, focus) => actorName(target, focus, config())?.link ?? null,
    dismissesOnClick: (target) => userLink(target, { hoverTags: true, hoverNotifications: true }) !== null,
    async load(link) {
      const name = nameOf(link) ?? '';
      const loaded = await attempt(
        ctx.toasts,
        { toast: MINI_PROFILE_TEXTS.failed(name), detail: false, log: 'mini profile query failed' },
        () => loadMiniProfile(ctx, name, ctx.store.get(miniProfileConfigKey).numberOfFavourites),
      );
      return loaded.ok ? loaded.value : null;
    },
    layer: (card, handlers) => <MiniProfileLayer state={card} handlers={handlers} />,
  });
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
