import { createStore } from '../data/store';
import type { DialogController, DialogState, PaletteController, PaletteState } from './types';

/**
 * The palette's state, outside React so hotkeys and injected buttons can drive it before the UI
 * has mounted. Closing always returns to the Dashboard with no nested page.
 */
export const DASHBOARD = 'Dashboard';

export function createPaletteController(modes: () => string[]): PaletteController {
  const store = createStore<PaletteState>({ open: false, mode: DASHBOARD, stack: [] });
  const { set, get: state } = store;
  return {
    state,
    subscribe: store.subscribe,
    open(pageId, arg) {
      set({ open: true, mode: state().open ? state().mode : DASHBOARD, stack: pageId ? [{ id: pageId, arg }] : [] });
    },
    close() {
      if (!state().open && state().mode === DASHBOARD && state().stack.length === 0) return;
      set({ open: false, mode: DASHBOARD, stack: [] });
    },
    toggleOrCycle() {
      if (!state().open) {
        set({ open: true, mode: DASHBOARD, stack: [] });
        return;
      }
      const all = modes();
      const next = all[(all.indexOf(state().mode) + 1) % all.length] ?? DASHBOARD;
      set({ open: true, mode: next, stack: [] });
    },
    setMode(mode) {
      set({ ...state(), mode, stack: [] });
    },
    push(pageId, arg) {
      set({ ...state(), open: true, stack: [...state().stack, { id: pageId, arg }] });
    },
    pop() {
      set({ ...state(), stack: state().stack.slice(0, -1) });
    },
  };
}

/**
 * Which registered dialog is open (one at a time), outside React so commands and injections can
 * open one before the overlay has mounted.
 */
export function createDialogController(): DialogController {
  const store = createStore<DialogState | null>(null);
  return {
    state: store.get,
    subscribe: store.subscribe,
    open: (id, arg) => store.set({ id, arg }),
    close: () => store.set(null),
  };
}
