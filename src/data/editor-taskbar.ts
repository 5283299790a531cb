import { IMAGE_WIDTH_PERCENT, IMAGE_WIDTH_VALUE, WIDTH_SLIDER, widthNumber } from './image-markup';

/**
 * The markdown taskbar under every editor (document 3, C8): its labels (2.0.3's tooltips), and its
 * counter: AniList's length limits and the counts shown on hover. Each count reads the text once,
 * so a long or hostile text costs its length.
 */

/** The taskbar's controls, named as 2.0.3's tooltips name them; its palette commands take the same titles. */
export const TASKBAR_LABELS = {
  bar: 'Markdown taskbar',
  upload: 'Upload image',
  host: 'Image host',
  wrapLink: 'Wrap images with a link',
  wrapTag: 'Wrap images with image tag',
  width: 'Image width',
  pixels: 'PX',
  percent: '%',
} as const;

/** The taskbar's commands (the markdown-taskbar feature's): each control runs its command, aimed at its editor. */
export const TASKBAR_COMMANDS = {
  upload: 'markdown-taskbar.upload',
  wrapLink: 'markdown-taskbar.wrap-link',
  wrapTag: 'markdown-taskbar.wrap-tag',
  widthUnit: 'markdown-taskbar.width-unit',
  host: (host: string) => `markdown-taskbar.host-${host}`,
} as const;

/** The host menu, in 2.0.3's order. */
export const TASKBAR_HOSTS = ['imgur', 'catbox', 'imgbb'] as const;

/** Switches the width's unit; to percent, the width is clamped to at most 100 (C10). */
export function setWidthUnit(
  settings: { get(key: string): unknown; set(key: string, value: number | boolean): void },
  percent: boolean,
): void {
  if (percent) settings.set(IMAGE_WIDTH_VALUE, Math.min(widthNumber(settings.get(IMAGE_WIDTH_VALUE)), WIDTH_SLIDER.maxPercent));
  settings.set(IMAGE_WIDTH_PERCENT, percent);
}

/** AniList's limit for a reply. */
export const REPLY_LIMIT = 8000;
/** AniList's limit for an activity, a message and the rest. */
export const TEXT_LIMIT = 10000;
