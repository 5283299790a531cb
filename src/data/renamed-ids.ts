/**
 * Command and settings-tab ids as they were before every id was prefixed with its feature's id,
 * and what each is called now. The user's stored data names ids (hotkey remappings, the palette's
 * use counts, the open settings tab, and hotkeys in exported configuration files): the keys'
 * migrations (src/data/config.ts) and the import of an older file map them through `renamedId`.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'verified.add': 'verified-users.add',
  'verified.remove': 'verified-users.remove',
  'verified.refresh': 'verified-users.refresh',
  'activity-touches.toggle-reply': 'collapsible-replies.toggle-reply',
  'activity-touches.collapse-replies': 'collapsible-replies.collapse-replies',
  'activity-touches.expand-replies': 'collapsible-replies.expand-replies',
  'activity-touches.message-self': 'self-message.open',
  'miniprofile.configure': 'mini-profile.configure',
  'tab.authorization': 'authorization.tab',
  'tab.global-css': 'global-css.tab',
  'tab.goals': 'goals.tab',
  'tab.image-host': 'paste.tab',
  'tab.import-export': 'import-export.tab',
  'tab.layout': 'layout-designer.tab',
  'tab.mini-profile': 'mini-profile.tab',
  'tab.quickstart': 'quickstart.tab',
  'tab.shortcuts': 'shortcuts.tab',
  'tab.time': 'time.tab',
  'tab.toasts': 'toasts.tab',
  'tab.users': 'verified-users.tab',
};

/**
 * Ids built from state, renamed by their prefix: every AniList link command was `links.<page>`
 * (now `anilist-links.<page>`), and a verified user's profile `verified.profile.<name>` (now
 * `verified-users.profile.<name>`, the stored keys' version 3).
 */
const RENAMED_PREFIXES: readonly (readonly [string, string])[] = [
  ['links.', 'anilist-links.'],
  ['verified.profile.', 'verified-users.profile.'],
];

/** The id an old stored id names now (an id that was not renamed is returned as it is). */
export function renamedId(id: string): string {
  if (Object.prototype.hasOwnProperty.call(RENAMED, id)) return RENAMED[id]!;
  const prefix = RENAMED_PREFIXES.find(([old]) => id.startsWith(old));
  return prefix ? prefix[1] + id.slice(prefix[0].length) : id;
}

/** The old ids and what they are now (for the registry test: each new id is declared, no old one is). */
export const renamedIds = (): readonly (readonly [string, string])[] => Object.entries(RENAMED);

/**
 * A record keyed by ids with each old id renamed; where an old and a new id name the same
 * command, the entry under the new id wins. Anything but a plain object is returned as it is (the
 * key's schema judges it).
 */
export function renameIdKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(value)) {
    const now = renamedId(id);
    if (now !== id && Object.prototype.hasOwnProperty.call(value, now)) continue;
    out[now] = entry;
  }
  return out;
}
