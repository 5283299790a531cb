import type { DialogController, DialogState, PaletteController, PaletteState } from './types';

/**
 * The palette's state, outside React so hotkeys and injected buttons can drive it before the UI
 * has mounted. Closing always returns to the Dashboard with no nested page.
 */
export const DASHBOARD = 'Dashboard';

export function createPaletteController(modes: () => string[]): PaletteController {
  let state: PaletteState = { open: false, mode: DASHBOARD, stack: [] };
  const listeners = new Set<() => void>();
  const set = (next: PaletteState) => {
    state = next;
    listeners.forEach((l) => l());
  };
  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open(pageId, arg) {
      set({ open: true, mode: state.open ? state.mode : DASHBOARD, stack: pageId ? [{ id: pageId, arg }] : [] });
    },
    close() {
      if (!state.open && state.mode === DASHBOARD && state.stack.length === 0) return;
      set({ open: false, mode: DASHBOARD, stack: [] });
    },
    toggleOrCycle() {
      if (!state.open) {
        set({ open: true, mode: DASHBOARD, stack: [] });
        return;
      }
      const all = modes();
      const next = all[(all.indexOf(state.mode) + 1) % all.length] ?? DASHBOARD;
      set({ open: true, mode: next, stack: [] });
    },
    setMode(mode) {
      set({ ...state, mode, stack: [] });
    },
    push(pageId, arg) {
      set({ ...state, open: true, stack: [...state.stack, { id: pageId, arg }] });
    },
    pop() {
      set({ ...state, stack: state.stack.slice(0, -1) });
    },
  };
}

/**
 * Which registered dialog is open (one at a time), outside React so commands and injections can
 * open one before the overlay has mounted.
 */
export function createDialogController(): DialogController {
  let state: DialogState | null = null;
  const listeners = new Set<() => void>();
  const set = (next: DialogState | null) => {
    state = next;
    listeners.forEach((l) => l());
  };
  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open: (id, arg) => set({ id, arg }),
    close: () => state && set(null),
  };
}
