import { useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import type { Store } from '../../data/store';
import { sanitizer } from '../../commands/lazy';
import { safeUrl } from '../../data/guards';
import { mediaFacts, miniMediaConfigKey, type MediaOverview, type MiniMediaConfig } from '../../data/mini-media';
import { mediaPath } from '../../data/paths';
import { useLazyModule, useStore, useStored } from '../hooks';
import { onCardClick, useCardPosition, type HoverCardHandlers, type HoverCardState, type Rect, type Size } from '../common/HoverCard';

/** MiniMedia's overview card (document 3, C14): under the hovered media link, or in the palette on a media page. */

const GAP = 10;
/** 2.0.3 keeps the card this far from the viewport's right edge. */
const RIGHT_MARGIN = 50;
const EDGE = 8;

/**
 * Where the card goes (viewport coordinates): under the link, its left edge up to 30 px left of
 * the link's, kept off the right edge as 2.0.3 does; above the link when it does not fit below
 * (2.0.3 let it run off the window), and always inside the viewport.
 */
export function mediaCardPosition(anchor: Rect, card: Size, viewport: Size): { left: number; top: number } {
  const left = Math.max(EDGE, Math.min(anchor.left - Math.min(30, card.width / 2), viewport.width - card.width - RIGHT_MARGIN));
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - card.height;
  const top = below + card.height <= viewport.height - EDGE || above < EDGE ? below : above;
  return { left, top: Math.max(EDGE, Math.min(top, viewport.height - card.height - EDGE)) };
}

/** Renders the hover card while the store holds one. */
export function MiniMediaLayer({ state, handlers }: { state: Store<HoverCardState<MediaOverview> | null>; handlers: HoverCardHandlers }) {
  const current = useStore(state);
  const config = useStored(miniMediaConfigKey);
  return current ? <MiniMediaHover media={current.data} anchor={current.anchor} config={config} handlers={handlers} /> : null;
}

function MiniMediaHover({
  media,
  anchor,
  config,
  handlers,
}: {
  media: MediaOverview;
  anchor: Rect;
  config: MiniMediaConfig;
  handlers: HoverCardHandlers;
}) {
  const ref = useRef<HTMLElement>(null);
  const at = useCardPosition(ref, anchor, mediaCardPosition);
  return (
    <MediaOverviewCard
      cardRef={ref}
      media={media}
      config={config}
      style={at ?? { left: 0, top: 0, visibility: 'hidden' }}
      onPointerEnter={handlers.enter}
      onPointerLeave={handlers.leave}
      onClick={(event) => onCardClick(event, handlers.navigate)}
    />
  );
}

const image = (url: string | null) => safeUrl(url, 'image');
const lower = (v: string | null) => (v ? v.toLowerCase().replace(/_/g, ' ') : '');

function Portrait({ url }: { url: string | null }) {
  const src = image(url);
  return src ? <img src={src} alt="" loading="lazy" /> : <span className="vv-mm-noimage" />;
}

function Relations({ media }: { media: MediaOverview }) {
  if (!media.relations.length) return null;
  return (
    <section className="vv-mm-row" aria-label="Relations">
      <h4>Relations</h4>
      <ul>
        {media.relations.map((r) => (
          <li key={r.id}>
            <a href={mediaPath(r)} title={r.title ?? ''}>
              <Portrait url={r.coverImage} />
              <span className="vv-mm-role">{lower(r.relationType)}</span>
              <span className="vv-mm-name">{r.title}</span>
              <span className="vv-mm-role">{[lower(r.type), lower(r.status)].filter(Boolean).join(' · ')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Characters({ media }: { media: MediaOverview }) {
  if (!media.characters.length) return null;
  return (
    <section className="vv-mm-row" aria-label="Characters">
      <h4>Characters</h4>
      <ul>
        {media.characters.map((c) => (
          <li key={c.id} className="vv-mm-character">
            <a href={`/character/${c.id}/`}>
              <Portrait url={c.image} />
              <span className="vv-mm-name">{c.name}</span>
              <span className="vv-mm-role">{lower(c.role)}</span>
            </a>
            {c.voiceActor && (
              <a href={`/staff/${c.voiceActor.id}/`} className="vv-mm-actor">
                <Portrait url={c.voiceActor.image} />
                <span className="vv-mm-name">{c.voiceActor.name}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Staff({ media }: { media: MediaOverview }) {
  if (!media.staff.length) return null;
  return (
    <section className="vv-mm-row" aria-label="Staff">
      <h4>Staff</h4>
      <ul>
        {media.staff.map((p, i) => (
          <li key={`${p.id}-${i}`}>
            <a href={`/staff/${p.id}/`}>
              <Portrait url={p.image} />
              <span className="vv-mm-name">{p.name}</span>
              <span className="vv-mm-role">{p.role}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Tags({ media }: { media: MediaOverview }) {
  const [spoilers, setSpoilers] = useState(false);
  const hidden = media.tags.filter((t) => t.spoiler).length;
  const shown = media.tags.filter((t) => spoilers || !t.spoiler);
  if (!media.tags.length) return null;
  return (
    <aside className="vv-mm-tags" aria-label="Tags">
      <ul>
        {shown.map((t) => (
          <li key={t.name} className={t.spoiler ? 'vv-mm-spoiler' : undefined}>
            {t.name} {t.rank ?? 0}%
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" className="vv-mm-spoilers" aria-pressed={spoilers} onClick={() => setSpoilers(!spoilers)}>
          {spoilers ? `Hide ${hidden} spoiler tags` : `Show ${hidden} spoiler tags`}
        </button>
      )}
    </aside>
  );
}

interface CardProps {
  media: MediaOverview;
  config: MiniMediaConfig;
  cardRef?: React.Ref<HTMLElement>;
  style?: CSSProperties;
  /** In the palette, the card sits in the page instead of over it. */
  inline?: boolean;
  onPointerEnter?(): void;
  onPointerLeave?(): void;
  onClick?(event: MouseEvent): void;
}

/** The overview: banner, cover and data list, title with the Adult label, description, relations, characters, staff and tags, each part hidden as the config says. */
export function MediaOverviewCard({ media, config, cardRef, style, inline, onPointerEnter, onPointerLeave, onClick }: CardProps) {
  // The sanitizer is evaluated when a card first shows a description.
  const purifier = useLazyModule(sanitizer);
  const sanitizedDescription = useMemo(
    () => (purifier && media.description ? purifier.sanitizeHtml(media.description) : ''),
    [purifier, media.description],
  );
  const banner = config.hideBanner ? undefined : image(media.bannerImage);
  const cover = config.hideCover ? undefined : image(media.coverImage);
  const title = media.title.userPreferred ?? media.title.romaji ?? '';
  return (
    <section
      ref={cardRef}
      className={`vv-hover-card vv-mini-media${inline ? ' vv-mm-inline' : ''}`}
      aria-label={`Overview of ${title}`}
      style={style}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onClick={onClick}
    >
      {banner && <div className="vv-mm-banner" style={{ backgroundImage: `url("${banner}")` }} />}
      <div className="vv-mm-body">
        <div className="vv-mm-side">
          {cover && <img className="vv-mm-cover" src={cover} alt="" />}
          <dl className="vv-mm-data">
            {mediaFacts(media).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="vv-mm-main">
          <h3 className="vv-mm-title">
            <a href={mediaPath(media)}>{title}</a>
            {media.isAdult && <span className="vv-mm-adult">Adult</span>}
          </h3>
          {sanitizedDescription && <div className="vv-mm-description" dangerouslySetInnerHTML={{ __html: sanitizedDescription }} />}
          {!config.hideRelations && <Relations media={media} />}
          {!config.hideCharacters && <Characters media={media} />}
          {!config.hideStaff && <Staff media={media} />}
        </div>
        {!config.hideTags && <Tags media={media} />}
      </div>
    </section>
  );
}
