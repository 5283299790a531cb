import { API_ERROR_TEXTS, wrapFailure } from './api-errors';
import { decodeBio, updateBio, visibleBio } from './bio-block';
import { FRESH, mutation, query } from './graphql';
import { saveUserAbout } from './documents';
import { safeUrl } from './guards';
import { read, write, type ReadContext } from './swr';
import { s } from './schema';
import { defineKey, type Store, refusedPast } from './storage';
import { hexToTriple, NAMED_COLORS } from './colors';

/**
 * The profile layout designer's data: the stored layouts,
 * pure reducers over them, the rules that gate colours, badges and publishing, the bio helpers
 * (a layout's CSS lives in its bio's data block) and the publish actions. No DOM here.
 */

export interface Layout {
  name: string;
  avatar: string;
  banner: string;
  /** A named profile colour or '#rrggbb' (donators); '' for none. */
  color: string;
  donatorBadge: string;
  /** The about text, data block included. */
  bio: string;
}

export interface LayoutsState {
  layoutsList: Layout[];
  selectedLayout: number;
  preview: boolean;
  disableCss: boolean;
}

export const DEFAULT_LAYOUT_NAME = 'New Layout';
export const BADGE_MAX = 24;
export const CUSTOM_COLOR_TIER = 2;
export const BADGE_TIER = 3;
/** The swatches, in the host's order. */
export const PROFILE_COLORS = ['blue', 'purple', 'pink', 'orange', 'red', 'green', 'gray'] as const;

export const newLayout = (): Layout => ({ name: DEFAULT_LAYOUT_NAME, avatar: '', banner: '', color: '', donatorBadge: '', bio: '' });
export const defaultLayouts = (): LayoutsState => ({ layoutsList: [newLayout()], selectedLayout: 0, preview: false, disableCss: false });

const text = (max: number) => s.string({ max });
const layoutSchema = s.object(
  { name: text(200), avatar: text(2048), banner: text(2048), color: text(32), donatorBadge: text(BADGE_MAX), bio: text(100_000) },
  { defaults: newLayout(), keepUnknown: true },
);

/** The original's key and shape. */
export const layoutsKey = defineKey({
  name: 'void-verified-layouts',
  original: 'layouts',
  cap: refusedPast(200, 'layouts'),
  description: 'Profile layouts of the layout designer, the selected one and the preview state.',
  schema: s.object(
    {
      layoutsList: s.array(layoutSchema, { max: 200 }),
      selectedLayout: s.number({ int: true, min: 0 }),
      preview: s.boolean(),
      disableCss: s.boolean(),
    },
    { defaults: { selectedLayout: 0, preview: false, disableCss: false } },
  ),
  defaultValue: defaultLayouts,
  migrations: {
    // The original left fields null or undefined and did not limit the badge: normalise.
    1: (old) => {
      if (typeof old !== 'object' || old === null || !Array.isArray((old as { layoutsList?: unknown }).layoutsList)) return old;
      const state = old as Record<string, unknown> & { layoutsList: unknown[] };
      const layoutsList = state.layoutsList.map((l) => {
        if (typeof l !== 'object' || l === null) return l;
        const out: Record<string, unknown> = { ...(l as Record<string, unknown>) };
        for (const key of Object.keys(newLayout())) if (out[key] === null || out[key] === undefined) delete out[key];
        if (typeof out.donatorBadge === 'string') out.donatorBadge = out.donatorBadge.slice(0, BADGE_MAX);
        return out;
      });
      return { ...state, layoutsList, selectedLayout: typeof state.selectedLayout === 'number' ? state.selectedLayout : 0 };
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Reducers (pure; every one returns a state with at least one layout and a valid selection)

export function normalize(state: LayoutsState): LayoutsState {
  const layoutsList = state.layoutsList.length ? state.layoutsList : [newLayout()];
  const selectedLayout = Math.min(Math.max(0, Math.trunc(state.selectedLayout) || 0), layoutsList.length - 1);
  return layoutsList === state.layoutsList && selectedLayout === state.selectedLayout ? state : { ...state, layoutsList, selectedLayout };
}

export function selectedOf(state: LayoutsState): Layout {
  const { layoutsList, selectedLayout } = normalize(state);
  return layoutsList[selectedLayout]!;
}

/** The selector's label: 'name #index'. */
export const layoutLabel = (layout: Layout, index: number) => `${layout.name} #${index}`;

export function addLayout(state: LayoutsState): LayoutsState {
  const layoutsList = [...state.layoutsList, newLayout()];
  return { ...state, layoutsList, selectedLayout: layoutsList.length - 1 };
}

/** Deletes a layout (the selected one by default); deleting the last leaves a fresh 'New Layout'. */
export function deleteLayout(state: LayoutsState, index = state.selectedLayout): LayoutsState {
  if (index < 0 || index >= state.layoutsList.length) return state;
  const layoutsList = state.layoutsList.filter((_, i) => i !== index);
  const selectedLayout = state.selectedLayout > index ? state.selectedLayout - 1 : state.selectedLayout;
  return normalize({ ...state, layoutsList, selectedLayout });
}

export function selectLayout(state: LayoutsState, index: number): LayoutsState {
  if (!Number.isInteger(index) || index < 0 || index >= state.layoutsList.length) return state;
  return { ...state, selectedLayout: index };
}

/** Changes fields of the selected layout; the badge is cut to 24 characters. */
export function updateLayout(state: LayoutsState, change: Partial<Layout>): LayoutsState {
  const current = normalize(state);
  const next = { ...change };
  if (next.donatorBadge !== undefined) next.donatorBadge = next.donatorBadge.slice(0, BADGE_MAX);
  return { ...current, layoutsList: current.layoutsList.map((l, i) => (i === current.selectedLayout ? { ...l, ...next } : l)) };
}

/** Preview on or off; off also re-enables CSS. */
export const setPreview = (state: LayoutsState, preview: boolean): LayoutsState => ({
  ...state,
  preview,
  disableCss: preview ? state.disableCss : false,
});

/** Disabling CSS is a preview-only switch. */
export const setDisableCss = (state: LayoutsState, disableCss: boolean): LayoutsState => (state.preview ? { ...state, disableCss } : state);

// ---------------------------------------------------------------------------------------------
// Rules

export const canCustomColor = (tier: number) => tier >= CUSTOM_COLOR_TIER;
export const canBadge = (tier: number) => tier >= BADGE_TIER;

/** A layout colour as the "r, g, b" the host's variables hold; null when invalid or not allowed for the tier. */
export function layoutColorTriple(color: string, tier: number): string | null {
  const value = color.trim().toLowerCase();
  if ((PROFILE_COLORS as readonly string[]).includes(value)) return NAMED_COLORS.get(value) ?? null;
  return canCustomColor(tier) && /^#[0-9a-f]{6}$/.test(value) ? hexToTriple(value) : null;
}

export interface Published {
  color: string | null;
  badge: string | null;
}

/**
 * Which publish buttons show: about with a token; colour and badge with a
 * token and a non-empty value that differs from the published one (and is allowed for the tier).
 */
export function publishVisibility(
  layout: Layout,
  published: Published,
  hasToken: boolean,
  tier: number,
): { about: boolean; color: boolean; badge: boolean } {
  const badge = layout.donatorBadge.trim();
  return {
    about: hasToken,
    color: hasToken && layout.color !== '' && layoutColorTriple(layout.color, tier) !== null && layout.color !== published.color,
    badge: hasToken && canBadge(tier) && badge !== '' && badge.length <= BADGE_MAX && badge !== published.badge,
  };
}

/** What a preview shows; null parts leave the profile as it is. */
export interface PreviewView {
  avatar: string | null;
  banner: string | null;
  color: string | null;
  badge: string | null;
  about: string | null;
  css: string | null;
}

export function previewView(state: LayoutsState, tier: number): PreviewView | null {
  if (!state.preview) return null;
  const layout = selectedOf(state);
  const about = bioText(layout.bio);
  const css = bioCss(layout.bio);
  const badge = layout.donatorBadge.trim();
  return {
    avatar: safeUrl(layout.avatar, 'image') ?? null,
    banner: safeUrl(layout.banner, 'image') ?? null,
    color: layoutColorTriple(layout.color, tier),
    badge: canBadge(tier) && badge ? badge : null,
    about: about.trim() ? about : null,
    css: !state.disableCss && css.trim() ? css : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Bio helpers: the text a profile shows, and the CSS in the data block

export const bioText = (bio: string) => visibleBio(bio);

/** Replaces the visible text, keeping the data block (and the blank line after it) as it is. */
export function setBioText(bio: string, text: string): string {
  return bio.slice(0, bio.length - visibleBio(bio).length) + text;
}

export function bioCss(bio: string): string {
  const { data } = decodeBio(bio);
  return typeof data.customCss === 'string' ? data.customCss : '';
}

/** Sets the block's customCss (adding a block only for non-empty CSS); throws on an unreadable block. */
export function setBioCss(bio: string, css: string): string {
  if (!decodeBio(bio).hasBlock && css === '') return bio;
  return updateBio(bio, (data) => ({ ...data, customCss: css }));
}

/**
 * The about text to publish: the layout's visible text, and the current about's data block with
 * the layout's CSS (goals and keys of other scripts stay). Throws when the current block is unreadable.
 */
export function aboutToPublish(current: string | null, layoutBio: string): string {
  const layout = decodeBio(layoutBio);
  const text = visibleBio(layoutBio);
  if (!decodeBio(current).hasBlock && !layout.readable) return text;
  const css = layout.readable && typeof layout.data.customCss === 'string' ? { customCss: layout.data.customCss } : {};
  return setBioText(
    updateBio(current, (data) => ({ ...data, ...css })),
    text,
  );
}

// ---------------------------------------------------------------------------------------------
// Cross-tab messages: edits and previews are broadcast on the void-layouts channel

export const LAYOUT_CHANNEL = 'void-layouts';
export type LayoutMessageKind = 'preview' | 'layout' | 'css';
export interface LayoutMessage {
  kind: LayoutMessageKind;
  state: LayoutsState;
}

/** What changed between two states, as message kinds. */
export function changeKinds(before: LayoutsState, after: LayoutsState): LayoutMessageKind[] {
  const kinds: LayoutMessageKind[] = [];
  if (before.preview !== after.preview) kinds.push('preview');
  if (before.selectedLayout !== after.selectedLayout || JSON.stringify(before.layoutsList) !== JSON.stringify(after.layoutsList))
    kinds.push('layout');
  if (before.disableCss !== after.disableCss) kinds.push('css');
  return kinds;
}

/**
 * The kind of a message from another tab; null when it is not one. Any script on the page can post
 * on this channel, so a message is only a hint that something changed: what it carries is never
 * shown or stored, listeners read our own storage (which the page cannot write) instead.
 */
export function layoutMessageKind(data: unknown): LayoutMessageKind | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kind } = data as { kind?: unknown };
  return kind === 'preview' || kind === 'layout' || kind === 'css' ? kind : null;
}

let channel: BroadcastChannel | null | undefined;
/** One channel per tab: a channel never hears its own messages, so a tab never hears itself. */
function layoutChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LAYOUT_CHANNEL) : null;
    // Node's channel would keep a test process alive; browsers have no unref.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

/** Calls back with the kind of each change another tab announces (see layoutMessageKind). */
export function onLayoutMessage(listener: (kind: LayoutMessageKind) => void): () => void {
  const ch = layoutChannel();
  if (!ch) return () => {};
  const handler = (event: MessageEvent) => {
    const kind = layoutMessageKind(event.data);
    if (kind) listener(kind);
  };
  ch.addEventListener('message', handler);
  return () => ch.removeEventListener('message', handler);
}

/** Stores a change and tells other tabs what kind of change it was. */
export function commitLayouts(store: Store, change: (state: LayoutsState) => LayoutsState): LayoutsState {
  const before = normalize(store.get(layoutsKey));
  const after = normalize(change(before));
  const kinds = changeKinds(before, after);
  if (!kinds.length) return before;
  store.set(layoutsKey, after);
  for (const kind of kinds) {
    try {
      layoutChannel()?.postMessage({ kind, state: after } satisfies LayoutMessage);
    } catch (error) {
      console.warn('[VoidVerified] could not broadcast a layout change', error);
    }
  }
  return after;
}

// ---------------------------------------------------------------------------------------------
// API and publish actions (each toasts its own success or failure)

export interface LayoutViewer {
  id: number;
  name: string;
  about: string | null;
  donatorTier: number | null;
  donatorBadge: string | null;
  options: { profileColor: string | null } | null;
}

/**
 * The token owner's about, colour, badge and donator tier: what publishing reads, compares with
 * and is allowed (the account every write changes; the site's page storage names whoever the page
 * says is signed in).
 */
export const layoutViewerQuery = query<{ Viewer: LayoutViewer | null }, Record<string, never>>(
  'query LayoutViewer { Viewer { id name about donatorTier donatorBadge options { profileColor } } }',
  { lifetime: FRESH, auth: true },
);

export const saveUserColor = mutation<
  { UpdateUser: { id: number; options: { profileColor: string | null } | null } | null },
  { color: string }
>('mutation SaveUserColor($color: String) { UpdateUser(profileColor: $color) { id options { profileColor } } }');

export const saveDonatorBadge = mutation<{ UpdateUser: { id: number; donatorBadge: string | null } | null }, { badge: string }>(
  'mutation SaveDonatorBadge($badge: String) { UpdateUser(donatorBadge: $badge) { id donatorBadge } }',
);

/** What publishing asks first. */
export const PUBLISH_QUESTIONS = {
  layout: (name: string, parts: readonly string[]) =>
    `Publish the layout "${name}" to your AniList profile? It replaces your ${parts.join(', ').replace(/, ([^,]*)$/, ' and $1')}.`,
  about: (name: string) => `Replace your AniList about with the about of the layout "${name}"?`,
  color: (color: string) => `Set your AniList profile colour to ${color}?`,
  badge: (badge: string) => `Set your AniList donator badge to "${badge.trim()}"?`,
};

/** Deletes the selected layout once the user agrees; resolves whether it was deleted. */
export async function deleteSelectedLayout(svc: { store: Store; confirm(text: string): Promise<boolean> }): Promise<boolean> {
  const layout = selectedOf(svc.store.get(layoutsKey));
  if (!(await svc.confirm(`Delete the layout "${layout.name}"?`))) return false;
  commitLayouts(svc.store, (state) => deleteLayout(state));
  return true;
}

export async function fetchViewer(svc: ReadContext, signal?: AbortSignal): Promise<LayoutViewer> {
  const { Viewer } = await read(svc, layoutViewerQuery, {}, { signal });
  if (!Viewer) throw new Error('no viewer');
  return Viewer;
}

/** Saves the about text; a failure is 'failed to save user about.'. */
export async function saveAbout(svc: ReadContext, about: string): Promise<void> {
  await wrapFailure(API_ERROR_TEXTS.saveAbout, () => write(svc, saveUserAbout, { about }, { invalidates: [layoutViewerQuery] }));
}

export const publishedOf = (viewer: LayoutViewer): Published => ({
  color: viewer.options?.profileColor ?? null,
  badge: viewer.donatorBadge ?? null,
});

/** What the layout designer's publishing says (src/panels/layout-designer/publish.ts says it). */
export const LAYOUT_TEXTS = {
  resetFailed: 'Failed to query current about from AniList API.',
  reset: 'About reset.',
  aboutFailed: 'Failed to publish about.',
  about: 'About published.',
  colorFailed: 'Failed to publish color.',
  color: 'Color published.',
  badgeFailed: 'Failed to publish donator badge.',
  badge: 'Donator badge published.',
} as const;

/** The current about of the token's owner (the account publishing writes); a failure is 'Error querying user about.'. */
export async function currentAbout(svc: ReadContext): Promise<string | null> {
  return (await wrapFailure(API_ERROR_TEXTS.userAbout, () => fetchViewer(svc))).about;
}

/** Loads `about` (the account's, see currentAbout) into the selected layout. */
export function resetLayoutAbout(store: Store, about: string | null): void {
  commitLayouts(store, (state) => updateLayout(state, { bio: about ?? '' }));
}

/** Publishes the layout's about, keeping the current data block; `current` skips the query. */
export async function sendAbout(svc: ReadContext, bio: string, current?: string | null): Promise<void> {
  const about = aboutToPublish(current !== undefined ? current : (await fetchViewer(svc)).about, bio);
  await saveAbout(svc, about);
}

/** Publishes a colour: the colour now published; a failure is 'Failed to publish profile color'. */
export async function sendColor(svc: ReadContext, color: string): Promise<string> {
  const saved = await wrapFailure(API_ERROR_TEXTS.profileColor, () =>
    write(svc, saveUserColor, { color }, { invalidates: [layoutViewerQuery] }),
  );
  return saved.UpdateUser?.options?.profileColor ?? color;
}

/** Publishes a donator badge: the badge now published; a failure is 'Failed to publish donator badge'. */
export async function sendBadge(svc: ReadContext, badge: string): Promise<string> {
  const saved = await wrapFailure(API_ERROR_TEXTS.donatorBadge, () =>
    write(svc, saveDonatorBadge, { badge: badge.trim() }, { invalidates: [layoutViewerQuery] }),
  );
  return saved.UpdateUser?.donatorBadge ?? badge.trim();
}

/**
 * What 'Publish layout' would write for the token's owner: the about always, the colour and badge
 * where the rules allow for the donator tier AniList reports; `parts` names them for the question.
 * A failure to read the account is 'Error querying user about.'.
 */
export async function layoutPublish(svc: ReadContext, layout: Layout) {
  const viewer = await wrapFailure(API_ERROR_TEXTS.userAbout, () => fetchViewer(svc));
  const show = publishVisibility(layout, publishedOf(viewer), true, viewer.donatorTier ?? 0);
  const parts = ['about', ...(show.color ? ['profile colour'] : []), ...(show.badge ? ['donator badge'] : [])];
  return { about: viewer.about, show, parts };
}
