/**
 * The hover cards' controller (the mini profile's and MiniMedia's) as pure transitions: which
 * link's card waits and which is shown, and what to do about it (timers, the read, showing and
 * hiding the card). `src/commands/hover-card.tsx` turns the page's events into these events and
 * carries out the effects; links are whatever it passes (elements there, strings in the tests).
 */

/** How long the pointer or focus rests on a link before its card is read and shown (both originals: 100 ms). */
export const HOVER_DELAY_MS = 100;
/** How long after leaving the link and the card the card goes (both originals: 300 ms). */
export const HIDE_DELAY_MS = 300;

export interface HoverState<L> {
  /** The link whose card waits for its delay or its data. */
  readonly pending: L | null;
  /** The link whose card is shown. */
  readonly shown: L | null;
}

export type HoverEvent<L, D> =
  /** The pointer or keyboard focus reached a link the card is for. */
  | { readonly type: 'enter'; readonly link: L }
  /** The pointer or focus left a link (not for a node inside it); `toCard` when it went into the card. */
  | { readonly type: 'leave'; readonly link: L; readonly toCard: boolean }
  /** The hover delay of `link` ran out. */
  | { readonly type: 'hover-delay'; readonly link: L }
  /** The read for `link` answered (`data`) or failed (null). */
  | { readonly type: 'loaded'; readonly link: L; readonly data: D | null }
  | { readonly type: 'card-enter' }
  | { readonly type: 'card-leave' }
  /** The hide delay ran out. */
  | { readonly type: 'hide-delay' }
  /** A click on a link the card is for: no card comes for it, and a shown one goes after the hide delay (document 1: 'hidden 300 ms after mouse leave or click'). */
  | { readonly type: 'click' }
  /** Escape, another card opening, or the feature stopping: everything goes. */
  | { readonly type: 'dismiss' }
  /** A link in the card was followed. */
  | { readonly type: 'navigate'; readonly path: string }
  /** The shown link left the page. */
  | { readonly type: 'link-gone' };

export type HoverEffect<L, D> =
  /** (Re)start the hover timer: `hover-delay` for `link` after `ms`. */
  | { readonly type: 'wait-hover'; readonly link: L; readonly ms: number }
  | { readonly type: 'cancel-hover' }
  /** (Re)start the hide timer: `hide-delay` after `ms`. */
  | { readonly type: 'wait-hide'; readonly ms: number }
  | { readonly type: 'cancel-hide' }
  /** Read the card's data for `link`, then send `loaded`. */
  | { readonly type: 'load'; readonly link: L }
  | { readonly type: 'show'; readonly link: L; readonly data: D }
  | { readonly type: 'hide' }
  | { readonly type: 'navigate'; readonly path: string };

export interface HoverStep<L, D> {
  readonly state: HoverState<L>;
  readonly effects: readonly HoverEffect<L, D>[];
}

export const HOVER_IDLE: HoverState<never> = { pending: null, shown: null };

const step = <L, D>(state: HoverState<L>, ...effects: HoverEffect<L, D>[]): HoverStep<L, D> => ({ state, effects });

/** The card goes; a card still waiting (for another link) keeps waiting. */
const hideCard = <L, D>(state: HoverState<L>): HoverStep<L, D> =>
  step({ ...state, shown: null }, { type: 'cancel-hide' }, { type: 'hide' });

/** Nothing waits and nothing is shown. */
const dismiss = <L, D>(): HoverStep<L, D> => step(HOVER_IDLE, { type: 'cancel-hover' }, { type: 'cancel-hide' }, { type: 'hide' });

export function hoverTransition<L, D>(state: HoverState<L>, event: HoverEvent<L, D>): HoverStep<L, D> {
  switch (event.type) {
    case 'enter':
      if (event.link === state.pending) return step(state);
      // Back on the shown link: it stays.
      if (event.link === state.shown) return step(state, { type: 'cancel-hide' });
      return step({ ...state, pending: event.link }, { type: 'wait-hover', link: event.link, ms: HOVER_DELAY_MS });
    case 'leave': {
      let next = step<L, D>(state);
      if (event.link === state.pending) next = step({ ...state, pending: null }, { type: 'cancel-hover' });
      if (event.link === state.shown && !event.toCard) next = step(next.state, ...next.effects, { type: 'wait-hide', ms: HIDE_DELAY_MS });
      return next;
    }
    case 'hover-delay':
      return event.link === state.pending ? step(state, { type: 'load', link: event.link }) : step(state);
    case 'loaded':
      // The pointer left (or went on to another link) while the answer was on its way.
      if (event.link !== state.pending) return step(state);
      if (event.data === null) return step({ ...state, pending: null }, { type: 'cancel-hover' });
      return step({ pending: null, shown: event.link }, { type: 'cancel-hide' }, { type: 'show', link: event.link, data: event.data });
    case 'card-enter':
      return step(state, { type: 'cancel-hide' });
    case 'card-leave':
      return step(state, { type: 'wait-hide', ms: HIDE_DELAY_MS });
    case 'hide-delay':
    case 'link-gone':
      return hideCard(state);
    case 'click':
      return step(
        { ...state, pending: null },
        { type: 'cancel-hover' },
        ...(state.shown === null ? [] : [{ type: 'wait-hide', ms: HIDE_DELAY_MS } as const]),
      );
    case 'dismiss':
      return dismiss();
    case 'navigate': {
      const gone = dismiss<L, D>();
      return step(gone.state, ...gone.effects, { type: 'navigate', path: event.path });
    }
  }
}
