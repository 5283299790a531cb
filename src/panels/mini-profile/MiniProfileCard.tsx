import { useMemo, useRef, type CSSProperties } from 'react';
import type { Store } from '../../data/store';
import { sanitizer } from '../../commands/lazy';
import { safeUrl } from '../../data/guards';
import { donatorBadge } from '../../data/badges';
import {
  MINI_PROFILE_POSITIONS,
  miniProfileColor,
  miniProfileConfigKey,
  type MediaFavourite,
  type MiniProfileConfig,
  type MiniProfilePosition,
  type MiniProfileUser,
  type PersonFavourite,
} from '../../data/mini-profile';
import { useLazyModule, useStore, useStored } from '../hooks';
import { userPath } from '../../data/paths';
import {
  onCardClick,
  useCardPosition,
  type HoverCardHandlers,
  type HoverCardState,
  type Place,
  type Rect,
  type Size,
} from '../common/HoverCard';

/** The mini profile hover card: placed beside the hovered user link with fixed coordinates. */

export type { Rect };

/** Space between the link and the card, and between the card and the viewport's edges. */
export const CARD_GAP = 8;

/**
 * Where the card goes (viewport coordinates): right of the link, else left of it when the right
 * has no room; 'bottom' hangs down from the link's top, 'top' rises to its bottom, 'center' is
 * centred on it; always kept inside the viewport.
 */
export function cardPosition(
  anchor: Rect,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
  position: MiniProfilePosition,
): { left: number; top: number } {
  const clamp = (value: number, max: number) => Math.max(CARD_GAP, Math.min(value, max));
  let left = anchor.right + CARD_GAP;
  if (left + card.width > viewport.width - CARD_GAP && anchor.left - CARD_GAP - card.width >= CARD_GAP)
    left = anchor.left - CARD_GAP - card.width;
  const top =
    position === 'top'
      ? anchor.bottom - card.height
      : position === 'center'
        ? anchor.top + anchor.height / 2 - card.height / 2
        : anchor.top;
  return { left: clamp(left, viewport.width - card.width - CARD_GAP), top: clamp(top, viewport.height - card.height - CARD_GAP) };
}

/** Renders the card while the store holds one. */
export function MiniProfileLayer({
  state,
  handlers,
}: {
  state: Store<HoverCardState<MiniProfileUser> | null>;
  handlers: HoverCardHandlers;
}) {
  const current = useStore(state);
  const config = useStored(miniProfileConfigKey);
  return current ? <MiniProfileCard user={current.data} anchor={current.anchor} config={config} handlers={handlers} /> : null;
}

/** `cardPosition` at the configured position, one function per position so the card is not placed again on every render. */
const PLACE = Object.fromEntries(
  MINI_PROFILE_POSITIONS.map((position) => [
    position,
    (anchor: Rect, card: Size, viewport: Size) => cardPosition(anchor, card, viewport, position),
  ]),
) as Record<MiniProfilePosition, Place>;

interface Favourite {
  key: string;
  href: string;
  title: string;
  image: string | undefined;
  isFavourite: boolean;
}
const media =
  (kind: 'anime' | 'manga') =>
  (m: MediaFavourite): Favourite => ({
    key: `${kind}-${m.id}`,
    href: `/${kind}/${m.id}/`,
    title: m.title?.userPreferred ?? '',
    image: safeUrl(m.coverImage?.large, 'image'),
    isFavourite: m.isFavourite === true,
  });
const person =
  (kind: 'character' | 'staff') =>
  (p: PersonFavourite): Favourite => ({
    key: `${kind}-${p.id}`,
    href: `/${kind}/${p.id}/`,
    title: p.name?.userPreferred ?? '',
    image: safeUrl(p.image?.large, 'image'),
    isFavourite: p.isFavourite === true,
  });

function Favourites({ label, items }: { label: string; items: Favourite[] }) {
  if (!items.length) return null;
  return (
    <ul className="vv-mp-favourites" aria-label={label}>
      {items.map((f) => (
        <li key={f.key}>
          <a className={`vv-mp-favourite${f.isFavourite ? ' vv-mp-favourited' : ''}`} href={f.href} title={f.title} aria-label={f.title}>
            {f.image ? <img src={f.image} alt="" loading="lazy" /> : <span className="vv-mp-noimage" />}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function MiniProfileCard({
  user,
  anchor,
  config,
  handlers,
}: {
  user: MiniProfileUser;
  anchor: Rect;
  config: MiniProfileConfig;
  handlers: HoverCardHandlers;
}) {
  const ref = useRef<HTMLElement>(null);
  const at = useCardPosition(ref, anchor, PLACE[config.position]);
  // The sanitizer is evaluated when a card first shows a bio.
  const purifier = useLazyModule(sanitizer);
  const sanitizedBio = useMemo(
    () => (purifier && config.displayBio && user.about ? purifier.sanitizeHtml(user.about) : ''),
    [purifier, config.displayBio, user.about],
  );

  const n = config.numberOfFavourites;
  const { anime, manga, characters, staff } = user.favourites;
  const badge = donatorBadge(user);
  const banner = safeUrl(user.bannerImage, 'image');
  const avatar = safeUrl(user.avatar?.large, 'image');
  // A custom property carries the profile colour ("r, g, b") to the CSS.
  const style = {
    '--vv-mp-color': miniProfileColor(user.options?.profileColor),
    ...(at ?? { left: 0, top: 0, visibility: 'hidden' }),
  } as unknown as CSSProperties;

  return (
    <section
      ref={ref}
      className="vv-hover-card vv-mini-profile"
      aria-label={`Mini profile of ${user.name}`}
      data-position={config.position}
      style={style}
      onPointerEnter={handlers.enter}
      onPointerLeave={handlers.leave}
      onClick={(event) => onCardClick(event, handlers.navigate)}
    >
      <header className="vv-mp-header" style={banner ? { backgroundImage: `url("${banner}")` } : undefined}>
        {avatar ? <img className="vv-mp-avatar" src={avatar} alt="" /> : <span className="vv-mp-avatar" />}
        <div className="vv-mp-names">
          <a className="vv-mp-name" href={userPath(user.name)}>
            {user.name}
          </a>
          <div className="vv-mp-badges">
            {badge && <span className={`vv-mp-badge vv-mp-donator${badge.rainbow ? ' vv-mp-rainbow' : ''}`}>{badge.text}</span>}
            {user.isFollower && <span className="vv-mp-badge vv-mp-follow">Follows you</span>}
            {user.isFollowing && <span className="vv-mp-badge vv-mp-follow">Following</span>}
          </div>
        </div>
      </header>
      {sanitizedBio && <div className="vv-mp-about markdown" dangerouslySetInnerHTML={{ __html: sanitizedBio }} />}
      {config.displayAnime && <Favourites label="Favourite anime" items={anime.nodes.slice(0, n).map(media('anime'))} />}
      {config.displayManga && <Favourites label="Favourite manga" items={manga.nodes.slice(0, n).map(media('manga'))} />}
      {config.displayCharacters && (
        <Favourites label="Favourite characters" items={characters.nodes.slice(0, n).map(person('character'))} />
      )}
      {config.displayStaff && <Favourites label="Favourite staff" items={staff.nodes.slice(0, n).map(person('staff'))} />}
    </section>
  );
}
