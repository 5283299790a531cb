import { s } from './schema';
import { renamedId, renameIdKeys } from './renamed-ids';
import { defineKey, definePrunedRecord, fixedShape, refusedPast } from './storage';

/**
 * Configuration objects shared across features. They live in src/data so that features read
 * them without importing each other.
 */

const optionValue = s.union<boolean | string | number>([s.boolean(), s.string({ max: 20_000 }), s.number()]);

/** Our formatting toolbar's option (2.0.3's `markdownTaskbarEnabled` is its taskbar, document 3 C8). */
export const TOOLBAR_OPTION = 'markdownToolbarEnabled';
/** 2.0.3's taskbar (C8): the name our toolbar had in settings version 1. */
export const TASKBAR_OPTION = 'markdownTaskbarEnabled';
/**
 * The original's settings, unwrapped (version 1's step), use the option names of this version:
 * 2.0.3's `markdownTaskbarEnabled` and `pasteImageWidthValue` are ours from version 2 on, so an
 * adopted or imported configuration of the original skips the steps before it (config-io.ts).
 */
export const ORIGINAL_SETTINGS_VERSION = 2;

/**
 * Version 2: our own settings of version 1 named our toolbar `markdownTaskbarEnabled` and held one
 * width in pixels, `pasteImageWidth`. The toolbar moves to its own option (a user who had it on
 * keeps it), so `markdownTaskbarEnabled` is 2.0.3's taskbar, off until switched on; the width
 * becomes 2.0.3's `pasteImageWidthValue`, in pixels. A value already in the newer form (one of the
 * new names present) is left as it is.
 */
function ourToolbarAndWidth(old: unknown): unknown {
  if (typeof old !== 'object' || old === null || Array.isArray(old)) return old;
  const out: Record<string, unknown> = { ...(old as Record<string, unknown>) };
  if (Object.hasOwn(out, TASKBAR_OPTION) && !Object.hasOwn(out, TOOLBAR_OPTION)) {
    out[TOOLBAR_OPTION] = out[TASKBAR_OPTION];
    delete out[TASKBAR_OPTION];
  }
  if (Object.hasOwn(out, 'pasteImageWidth')) {
    if (!Object.hasOwn(out, 'pasteImageWidthValue')) out.pasteImageWidthValue = out.pasteImageWidth;
    delete out.pasteImageWidth;
  }
  return out;
}

/** Option values by option key. The original stored `{key: {value}}` (sometimes a bare value). */
export const settingsKey = defineKey({
  name: 'void-verified-settings',
  original: 'settings',
  cap: refusedPast(500, 'options'),
  description: 'Settings options.',
  schema: s.record(optionValue, { maxKeys: 500 }),
  defaultValue: () => ({}) as Record<string, boolean | string | number>,
  migrations: {
    1: (old) => {
      if (typeof old !== 'object' || old === null || Array.isArray(old)) return old;
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(old as Record<string, unknown>)) {
        out[key] = typeof entry === 'object' && entry !== null && 'value' in entry ? (entry as { value: unknown }).value : entry;
      }
      return out;
    },
    2: ourToolbarAndWidth,
  },
  version: 2,
});

/** The user's hotkey remappings: command id → hotkey, or null for "no hotkey". */
export const hotkeysKey = defineKey({
  name: 'void-verified-hotkeys',
  cap: refusedPast(5000, 'bindings'),
  description: 'Remapped hotkeys.',
  schema: s.record(s.nullable(s.string({ max: 64 })), { maxKeys: 5000 }),
  defaultValue: () => ({}) as Record<string, string | null>,
  version: 3,
  // 2: command ids prefixed with their feature's id (src/data/renamed-ids.ts); 3: the last of them (a verified user's profile).
  migrations: { 2: renameIdKeys, 3: renameIdKeys },
});

const QUICKSTART_DEFAULTS = {
  addNavigationButtons: true,
  usersEnabled: true,
  notificationsEnabled: true,
  onlyIncludeUnreadNotifications: false,
  displayAllResultsOnEmpty: true,
  anilistLinksEnabled: true,
  voidSettingsEnabled: true,
  preserveActivitySearch: false,
};

/** The palette's own command (its hotkey opens the palette, again cycles the mode); the QuickStart feature owns it. */
export const QUICKSTART_OPEN_COMMAND = 'quickstart.open';

export const quickStartConfigKey = defineKey({
  name: 'void-verified-quick-start-config',
  original: 'quickStartConfig',
  cap: fixedShape,
  description: 'QuickStart configuration.',
  schema: s.object(
    {
      addNavigationButtons: s.boolean(),
      usersEnabled: s.boolean(),
      notificationsEnabled: s.boolean(),
      onlyIncludeUnreadNotifications: s.boolean(),
      displayAllResultsOnEmpty: s.boolean(),
      anilistLinksEnabled: s.boolean(),
      voidSettingsEnabled: s.boolean(),
      preserveActivitySearch: s.boolean(),
    },
    // Fields missing from an older stored config take their default.
    { defaults: QUICKSTART_DEFAULTS },
  ),
  defaultValue: () => ({ ...QUICKSTART_DEFAULTS }),
});

export type QuickStartConfig = ReturnType<(typeof quickStartConfigKey)['defaultValue']>;

/** How often and how recently each palette command was used (a per-device cache). */
export const frecencyKey = definePrunedRecord({
  name: 'void-verified-palette-frecency',
  description: 'Recently used palette commands.',
  max: 200,
  pruned: 'the least recently used',
  readMax: 1000,
  entry: s.object({ count: s.number({ min: 0 }), last: s.number({ min: 0 }) }),
  age: (use) => use.last,
  version: 3,
  // 2: command ids prefixed with their feature's id (src/data/renamed-ids.ts); 3: the last of them (a verified user's profile).
  migrations: { 2: renameIdKeys, 3: renameIdKeys },
});

/** The settings page's open sub-tab (per device), so returning to the page shows it again. */
export const settingsTabKey = defineKey({
  name: 'void-verified-settings-tab',
  cap: fixedShape,
  description: 'The open settings tab.',
  schema: s.nullable(s.string({ max: 100 })),
  defaultValue: () => null as string | null,
  exported: false,
  version: 2,
  // 2: tab ids prefixed with their feature's id (src/data/renamed-ids.ts).
  migrations: { 2: (old) => (typeof old === 'string' ? renamedId(old) : old) },
});

export const OPTION_TEXTS = { set: (title: string, value: string) => `${title} set to ${value}.` };
