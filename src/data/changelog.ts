import { s } from './schema';
import { defineKey, fixedShape } from './storage';

/**
 * The changelog: what each version brought. Versions 1.7 to 1.21 are the original VoidVerified's
 * (in our own words); 2.0.0 onwards are this product's. A feature that maps to an option names it,
 * and the changelog dialog offers a checkbox that switches it.
 */

export interface ChangelogFeature {
  description: string;
  option?: string;
}

export interface ChangelogVersion {
  versionNumber: string;
  features: ChangelogFeature[];
}

/** Newest first. */
export const CHANGELOG: readonly ChangelogVersion[] = [
  {
    versionNumber: '2.0.0',
    features: [
      {
        description: 'QuickStart is a command palette on ctrl+space: every page, setting and action from the keyboard.',
        option: 'quickStartEnabled',
      },
      { description: 'Remap any hotkey in the shortcuts panel, with conflicts shown before they bite.' },
      { description: 'Toasts can be placed in any corner, with a level and a duration of your choice.', option: 'toasterEnabled' },
      { description: 'Import a configuration exported by the original VoidVerified, or adopt the one already in this browser.' },
      { description: 'Global CSS is edited in a code editor with CSS highlighting.', option: 'globalCssEnabled' },
    ],
  },
  {
    versionNumber: '1.21',
    features: [
      { description: 'QuickStart: a command overlay with a dashboard and activity search.', option: 'quickStartEnabled' },
      { description: 'Dates and times follow your chosen format, with a 12-hour clock option.' },
    ],
  },
  {
    versionNumber: '1.20',
    features: [
      { description: 'A Messages feed on the home page, with Load More.', option: 'messageFeedEnabled' },
      { description: 'Private messages no longer leak into the list feed on your own profile.', option: 'hideMessagesFromListFeed' },
    ],
  },
  {
    versionNumber: '1.19',
    features: [
      { description: 'Hover over a user to see a mini profile with their favourites.', option: 'miniProfileEnabled' },
      { description: 'Hover over an image link to preview the image.', option: 'imagePreviewEnabled' },
    ],
  },
  {
    versionNumber: '1.18',
    features: [{ description: 'Anime and manga goals, saved in your bio and shown on your profile overview.', option: 'goalsEnabled' }],
  },
  {
    versionNumber: '1.17',
    features: [
      { description: 'Replies can be collapsed.', option: 'collapsibleReplies' },
      { description: 'Replies you liked can start collapsed.', option: 'autoCollapseLiked' },
      { description: 'Your own replies can start collapsed.', option: 'autoCollapseSelf' },
    ],
  },
  {
    versionNumber: '1.16',
    features: [{ description: 'Markdown shortcuts in editors: bold, italic, spoiler, links, images and more.', option: 'markdownHotkeys' }],
  },
  {
    versionNumber: '1.15',
    features: [
      { description: 'Reply to a home feed activity and update your list entry at the same time.', option: 'replyActivityUpdate' },
    ],
  },
  {
    versionNumber: '1.14',
    features: [{ description: 'A button on your profile to post a message to yourself.', option: 'selfMessageEnabled' }],
  },
  {
    versionNumber: '1.13',
    features: [
      { description: 'A GIF and image keyboard under editors.', option: 'gifKeyboardEnabled' },
      { description: 'Save GIFs and images you see to the keyboard with a button.', option: 'gifKeyboardLikeButtonsEnabled' },
    ],
  },
  {
    versionNumber: '1.12',
    features: [{ description: 'Your latest notifications on the home page.', option: 'quickAccessNotificationsEnabled' }],
  },
  {
    versionNumber: '1.11',
    features: [
      { description: 'A replacement notifications page with filters and grouping.', option: 'replaceNotifications' },
      { description: 'Open AniList links in the same tab.', option: 'removeAnilistBlanks' },
    ],
  },
  {
    versionNumber: '1.10',
    features: [
      { description: 'Your own CSS on every AniList page.', option: 'globalCssEnabled' },
      { description: 'Export and import your configuration.' },
    ],
  },
  {
    versionNumber: '1.9',
    features: [
      { description: 'The layout designer: preview and publish avatar, banner, colour, badge and about.', option: 'layoutDesignerEnabled' },
    ],
  },
  {
    versionNumber: '1.8',
    features: [
      { description: 'Pasted and dropped images upload to catbox, imgbb or imgur.', option: 'pasteImagesToHostService' },
      { description: 'Pasted image links become images.', option: 'pasteEnabled' },
    ],
  },
  {
    versionNumber: '1.7',
    features: [
      { description: 'Quick access to your favourite users on the home page.', option: 'quickAccessEnabled' },
      { description: 'A badge when a quick access user changed their profile.', option: 'quickAccessBadge' },
    ],
  },
];

/** Compares dotted version numbers: negative when a < b. Missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export const LATEST_VERSION = CHANGELOG.reduce((max, v) => (compareVersions(v.versionNumber, max) > 0 ? v.versionNumber : max), '0');

/** The newest version whose changelog the user has closed (per device). */
export const changelogSeenKey = defineKey({
  name: 'void-verified-changelog-seen',
  cap: fixedShape,
  description: 'The last changelog version seen.',
  schema: s.nullable(s.string({ max: 32 })),
  defaultValue: () => null as string | null,
  exported: false,
});

/** Shown when enabled (or forced) and the last seen version is missing or older than a listed one. */
export function shouldShowChangelog(lastSeen: string | null, enabled: boolean, forced = false): boolean {
  if (!enabled && !forced) return false;
  if (forced) return true;
  return lastSeen === null || compareVersions(lastSeen, LATEST_VERSION) < 0;
}
