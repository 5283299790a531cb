import { s } from './schema';
import { defineKey, fixedShape } from './storage';

/**
 * The toasts feature's settings: level, duration and corner ('Configure Toasts'). The bus that
 * says toasts is src/commands/toast-bus.ts.
 */

export const TOAST_DURATIONS = [1, 3, 5, 10] as const;
export const TOAST_LOCATIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type ToastLocation = (typeof TOAST_LOCATIONS)[number];
export const TOAST_LEVELS = [
  { rank: 0, label: 'Info (everything)' },
  { rank: 1, label: 'Success' },
  { rank: 2, label: 'Warning' },
  { rank: 3, label: 'Error' },
] as const;

const TOASTER_DEFAULTS = { toastLevel: 2, duration: 5 as (typeof TOAST_DURATIONS)[number], location: 'bottom-left' as ToastLocation };

/** 'Configure Toasts': the lowest rank shown, seconds on screen, and the corner. */
export const toasterConfigKey = defineKey({
  name: 'void-verified-toaster-config',
  original: 'toasterConfig',
  cap: fixedShape,
  description: 'Toast level, duration and location.',
  schema: s.object(
    {
      toastLevel: s.number({ min: 0, max: 3, int: true }),
      duration: s.numberIn(TOAST_DURATIONS),
      location: s.enum(TOAST_LOCATIONS),
    },
    { defaults: TOASTER_DEFAULTS, keepUnknown: true },
  ),
  defaultValue: () => ({ ...TOASTER_DEFAULTS }),
});

/** What 'Test Toasts' says, one toast of each level. */
export const TEST_TOAST_TEXTS = {
  info: 'Info toast.',
  success: 'Success toast.',
  warning: 'Warning toast.',
  error: 'Error toast.',
} as const;
