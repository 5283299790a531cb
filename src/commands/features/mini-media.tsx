import { attempt } from '../../data/api-errors';
import { loadMediaOverview, mediaFromHref, MINI_MEDIA_TEXTS, miniMediaConfigKey, type MediaOverview } from '../../data/mini-media';
import { mediaPage } from '../../data/pages';
import type { FeatureDef, InjectionContext } from '../types';
import { lazyComponent } from '../lazy';
import { attachHoverCard } from '../hover-card';
import styles from '../../panels/mini-media/mini-media.css';

const MiniMediaLayer = lazyComponent(() => import('../../panels/mini-media/MiniMediaCard'), 'MiniMediaLayer');
const MiniMediaConfig = lazyComponent(() => import('../../panels/mini-media/MiniMediaConfig'), 'MiniMediaConfig');
const MediaOverviewPage = lazyComponent(() => import('../../panels/mini-media/MediaOverviewPage'), 'MediaOverviewPage');

/**
 * MiniMedia (document 3, C14): hovering (or focusing) a media link shows an overview card of the
 * media, as every hover card is shown (`src/commands/hover-card.tsx`); the links are the media
 * titles in activities, AniList's media embeds and the relations on a media page, as the mini
 * media settings choose. On a media page, 'Media overview' shows the card in the palette.
 */

const UI_KIND = 'mini-media';
/** 2.0.3's targets on the real site, by the config flag that turns each on. */
const TARGETS = {
  hoverActivityTitles: '.activity-entry a.title',
  hoverEmbeds: 'a.media-embed',
  hoverRelations: '.relations .media-preview-card :is(a.cover, a.title)',
} as const;
/** The host's navigation and our own UI never show the card. */
const EXCLUDED = '#nav, .nav, .mobile-nav, [data-void-ui]';

function mediaLink(target: EventTarget | null, ctx: InjectionContext): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null;
  const config = ctx.store.get(miniMediaConfigKey);
  const selector = (Object.keys(TARGETS) as (keyof typeof TARGETS)[])
    .filter((flag) => config[flag])
    .map((flag) => TARGETS[flag])
    .join(', ');
  const link = selector ? target.closest<HTMLAnchorElement>(selector) : null;
  if (!link || link.closest(EXCLUDED) || !mediaFromHref(link.getAttribute('href'), location.href)) return null;
  return link;
}

/** Runs the shared hover card for media links: the overview's read (cached 31 days) and card. */
function attach(app: Element, ctx: InjectionContext): undefined {
  attachHoverCard<MediaOverview>(app, ctx, {
    kind: UI_KIND,
    linkAt: (target) => mediaLink(target, ctx),
    async load(link) {
      const media = mediaFromHref(link.getAttribute('href'), location.href);
      if (!media) return null;
      const loaded = await attempt(ctx.toasts, { toast: MINI_MEDIA_TEXTS.failed, detail: false, log: 'media overview query failed' }, () =>
        loadMediaOverview(ctx, media, { querying: () => ctx.toasts.debug(MINI_MEDIA_TEXTS.querying) }),
      );
      return loaded.ok ? loaded.value : null;
    },
    layer: (card, handlers) => <MiniMediaLayer state={card} handlers={handlers} />,
  });
}

const onMediaPage = (ctx: { path: string }) => mediaPage(ctx.path) !== null;

export const miniMedia: FeatureDef = {
  id: 'mini-media',
  styles,
  title: 'Mini media',
  category: 'misc',
  description: 'An overview card when hovering a media link.',
  options: [{ key: 'miniMediaEnabled', description: 'Hover over media to view an overview.', default: false }],
  toggle: 'miniMediaEnabled',
  commands: [
    {
      id: 'mini-media.configure',
      // Configurable while the feature is off.
      toggle: null,
      title: 'Mini Media Overview Configuration',
      section: 'VoidVerified Settings',
      keywords: ['mini media', 'media overview', 'hover', 'card', 'relations', 'characters', 'staff', 'tags'],
      page: 'mini-media.config',
    },
    {
      id: 'mini-media.overview',
      title: 'Media overview',
      section: 'Media',
      keywords: ['mini media', 'overview', 'relations', 'characters', 'staff', 'tags'],
      when: onMediaPage,
      relevant: onMediaPage,
      page: 'mini-media.overview',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'mini-media.config',
      title: 'Mini Media Overview Configuration',
      layout: 'form',
      component: ({ ctx }) => <MiniMediaConfig ctx={ctx} />,
    },
    {
      kind: 'palette-page',
      id: 'mini-media.overview',
      title: 'Media overview',
      layout: 'form',
      component: MediaOverviewPage,
    },
    { kind: 'settings-tab', id: 'mini-media.tab', title: 'mini media', option: 'miniMediaEnabled', component: MiniMediaConfig },
  ],
  injections: [{ id: 'mini-media-hover', selector: '#app', single: true, mount: attach }],
};
