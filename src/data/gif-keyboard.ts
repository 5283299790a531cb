import { safeUrl } from './guards';
import { s } from './schema';
import { defineKey, refusedPast } from './storage';
import { imageMarkup } from './image-markup';

/**
 * The GIF keyboard's saved media: two URL lists and the
 * width inserted images get. Pure helpers only; the panel and the feature do the DOM.
 */

export const GIF_PAGE_SIZE = 30;
export const GIF_SIZE_DEFAULT = 260;
export const GIF_SIZE_MIN = 10;
export const GIF_SIZE_MAX = 600;
export const GIF_SIZE_STEP = 10;

/** Image formats the Images tab accepts (the shared list, without gif, which has its own tab). */
export const IMAGE_FORMATS = ['jpg', 'jpeg', 'png', 'webp', 'apng', 'avif', 'svg'] as const;

export type MediaKind = 'gifs' | 'images';
export const MEDIA_KINDS: readonly MediaKind[] = ['gifs', 'images'];
/** Tab labels, also the {format} of 'Added media to {format}'. */
export const KIND_LABEL: Readonly<Record<MediaKind, string>> = { gifs: 'GIFS', images: 'Images' };

export const ADD_ERROR = 'Url was not recognized as image or GIF.';
export const addedMessage = (kind: MediaKind) => `Added media to ${KIND_LABEL[kind]}`;

export interface GifKeyboardConfig {
  gifs: string[];
  images: string[];
  gifSize: number;
}

const MAX_URL = 2048;
const MAX_ITEMS = 5000;
const DEFAULTS: GifKeyboardConfig = { gifs: [], images: [], gifSize: GIF_SIZE_DEFAULT };

/** A size on the slider's scale: a multiple of the step within bounds; anything else is the default. */
export function clampSize(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return GIF_SIZE_DEFAULT;
  return Math.min(GIF_SIZE_MAX, Math.max(GIF_SIZE_MIN, Math.round(n / GIF_SIZE_STEP) * GIF_SIZE_STEP));
}

const urlList = (value: unknown): unknown =>
  Array.isArray(value) ? [...new Set(value.filter((u): u is string => typeof u === 'string' && u.length <= MAX_URL))] : value;

export const gifKeyboardKey = defineKey<GifKeyboardConfig>({
  name: 'void-verified-gif-keyboard',
  original: 'gifKeyboardConfig',
  cap: refusedPast(MAX_ITEMS, 'GIFs and as many images'),
  description: 'GIF keyboard media and size.',
  schema: s.object(
    {
      gifs: s.array(s.string({ max: MAX_URL }), { max: MAX_ITEMS }),
      images: s.array(s.string({ max: MAX_URL }), { max: MAX_ITEMS }),
      gifSize: s.number({ min: GIF_SIZE_MIN, max: GIF_SIZE_MAX }),
    },
    { defaults: DEFAULTS },
  ),
  defaultValue: () => ({ gifs: [], images: [], gifSize: GIF_SIZE_DEFAULT }),
  migrations: {
    // The original stored the slider's value as a string ("300") and kept extra fields (lastSyncTime).
    1: (old) => {
      if (typeof old !== 'object' || old === null || Array.isArray(old)) return old;
      const o = old as Record<string, unknown>;
      return {
        gifs: urlList(o.gifs ?? []),
        images: urlList(o.images ?? []),
        gifSize: o.gifSize === undefined ? GIF_SIZE_DEFAULT : clampSize(o.gifSize),
      };
    },
  },
});

/** The URL, parsed, when safeUrl accepts it as an image (the only kind ever used as an image source); else null. */
export function httpUrl(text: string): URL | null {
  const safe = safeUrl(text, 'image');
  if (safe === undefined) return null;
  try {
    return new URL(safe);
  } catch {
    return null;
  }
}

/** 'gifs' for a path ending in .gif, 'images' for one ending in an image format, else null. Case-insensitive; query and hash ignored. */
export function classifyMedia(text: string): MediaKind | null {
  const url = httpUrl(text);
  const ext = url && /\.([a-z0-9]+)$/.exec(url.pathname.toLowerCase())?.[1];
  if (!ext) return null;
  if (ext === 'gif') return 'gifs';
  return (IMAGE_FORMATS as readonly string[]).includes(ext) ? 'images' : null;
}

/** The list with `url` appended, or the same list when it is already there. */
export const addUrl = (list: readonly string[], url: string): string[] => (list.includes(url) ? [...list] : [...list, url]);
export const removeUrl = (list: readonly string[], url: string): string[] => list.filter((u) => u !== url);

/** Adds `url` to the list of its kind; unchanged (same object) when it is there already. */
export function addMedia(config: GifKeyboardConfig, kind: MediaKind, url: string): GifKeyboardConfig {
  return config[kind].includes(url) ? config : { ...config, [kind]: addUrl(config[kind], url) };
}

export function removeMedia(config: GifKeyboardConfig, kind: MediaKind, url: string): GifKeyboardConfig {
  return { ...config, [kind]: removeUrl(config[kind], url) };
}

export interface MediaPage {
  items: string[];
  /** 1-based, clamped to [1, lastPage]. */
  page: number;
  lastPage: number;
}

/** One page of a list; an out-of-range page gives the nearest one; an empty list has one empty page. */
export function pageOf(list: readonly string[], page: number, size = GIF_PAGE_SIZE): MediaPage {
  const lastPage = Math.max(1, Math.ceil(list.length / size));
  const current = Math.min(lastPage, Math.max(1, Math.floor(page) || 1));
  return { items: list.slice((current - 1) * size, current * size), page: current, lastPage };
}

/** The page a list index is on. */
export const pageOfIndex = (index: number, size = GIF_PAGE_SIZE) => Math.floor(Math.max(0, index) / size) + 1;

/** AniList's image markup at the keyboard's width: img260(url). */
export const mediaMarkup = (url: string, size: number) => imageMarkup(url, size);

/** Saved media whose URL contains the text (case-insensitive), each with its kind. */
export function filterMedia(config: GifKeyboardConfig, text: string): { kind: MediaKind; url: string }[] {
  const needle = text.trim().toLowerCase();
  return MEDIA_KINDS.flatMap((kind) => config[kind].filter((url) => url.toLowerCase().includes(needle)).map((url) => ({ kind, url })));
}

export const GIF_KEYBOARD_TEXTS = {
  removed: (label: string) => `Removed media from ${label}`,
  copied: (markup: string) => `Copied ${markup} to the clipboard.`,
  copyFailed: 'Could not copy the image markup to the clipboard.',
};
