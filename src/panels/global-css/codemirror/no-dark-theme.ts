import type { Extension } from '@codemirror/state';

/**
 * Stands in for @codemirror/theme-one-dark in the bundle (tsup aliases it here). Our editor follows
 * AniList's theme variables instead, so the dark theme is never used.
 */
export const oneDark: Extension = [];
export const oneDarkTheme: Extension = [];
export const oneDarkHighlightStyle: Extension = [];
export const color = {};
