import type { ReactNode } from 'react';
import { HOVER_IDLE, hoverTransition, type HoverEffect, type HoverEvent, type HoverState } from '../data/hover-card';
import { createStore, type Store } from '../data/store';
import { onNodesRemoved } from '../inject/observer';
import { childLifetime, onAbort } from '../inject/lifetime';
import { listenInOurRoots } from '../inject/shadow';
import { mountUi } from '../panels/mount';
import type { HoverCardHandlers, HoverCardState } from '../panels/common/HoverCard';
import type { InjectionContext } from './types';

/**
 * The hover cards' runner, shared by the mini profile and MiniMedia: a card shown 100 ms after the
 * pointer (or keyboard focus) reaches one of its links and hidden 300 ms after it leaves both the
 * link and the card or clicks such a link, and at once on Escape. It carries out the pure controller of
 * `src/data/hover-card.ts` (its timers, its read, the card); listeners are delegated on the app
 * root, so nothing runs until a link is hovered. One card at a time: a card that opens dismisses
 * the other feature's.
 */

/** What shows a card: a host link, or an element of ours that names whose card it is. */
type Link = Element;

export interface HoverCardDef<D> {
  /** The card's UI kind (`data-void-ui`): a pointer going into it keeps it open. */
  readonly kind: string;
  /** The link of this card that a pointer or focus target is in (`focus`: focus reached it), or null. */
  linkAt(target: EventTarget | null, focus: boolean): Link | null;
  /** The same inside our own shadow roots (our notifications), which listeners on the page cannot hear. */
  linkInOurRoots?(target: EventTarget | null, focus: boolean): Link | null;
  /** Whether a click on `target` hides the card, after the hide delay (default: on a link of this card). */
  dismissesOnClick?(target: EventTarget | null): boolean;
  /** The card's data for `link`; null when it failed (the definition reports it). */
  load(link: Link): Promise<D | null>;
  /** The card's UI, rendering the store's card while it holds one. */
  layer(card: Store<HoverCardState<D> | null>, handlers: HoverCardHandlers): ReactNode;
}

/** The card open now, of whichever feature: a card that opens dismisses it. */
let openCard: { dismiss(): void } | null = null;

/**
 * While a card is up (inside the injection's lifetime): follow its link on scroll and resize, and
 * say when the link left the page or Escape was pressed. Returns the clean-up.
 */
function track<D>(
  ctx: InjectionContext,
  shown: () => Link | null,
  card: Store<HoverCardState<D> | null>,
  send: (e: HoverEvent<Link, D>) => void,
) {
  let frame = 0;
  const follow = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const link = shown();
      const current = card.get();
      if (!link?.isConnected) send({ type: 'link-gone' });
      else if (current) card.set({ ...current, anchor: link.getBoundingClientRect() });
    });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') send({ type: 'dismiss' });
  };
  const gone = () => {
    const link = shown();
    if (link && !link.isConnected) send({ type: 'link-gone' });
  };
  const tracking = childLifetime(ctx);
  const { signal } = tracking;
  window.addEventListener('scroll', follow, { capture: true, passive: true, signal });
  window.addEventListener('resize', follow, { passive: true, signal });
  document.addEventListener('keydown', onKey, { capture: true, signal });
  onNodesRemoved(gone, tracking);
  return () => {
    cancelAnimationFrame(frame);
    tracking.abort();
  };
}

/**
 * Pointer and focus events, as the controller's events, until the injection is torn down: `find`
 * says which element under them shows a card; `listen` adds each listener where it hears.
 */
function listenToLinks<D>(
  listen: (type: string, listener: (e: Event) => void) => void,
  find: (target: EventTarget | null, focus: boolean) => Link | null,
  def: HoverCardDef<D>,
  hover: () => HoverState<Link>,
  send: (e: HoverEvent<Link, D>) => void,
  dismissesOnClick?: (target: EventTarget | null) => boolean,
) {
  const inCard = (node: EventTarget | null) => node instanceof Element && node.closest(`[data-void-ui="${def.kind}"]`) !== null;
  const reach = (target: EventTarget | null, focus: boolean) => {
    const link = find(target, focus);
    if (link) send({ type: 'enter', link });
  };
  const leave = (target: EventTarget | null, to: EventTarget | null, focus: boolean) => {
    const link = find(target, focus) ?? (target instanceof Element ? target.closest('a') : null);
    if (link && !(to instanceof Node && link.contains(to))) send({ type: 'leave', link, toCard: inCard(to) });
  };
  const dismisses = dismissesOnClick ?? ((target: EventTarget | null) => find(target, false) !== null);
  listen('pointerover', (e) => reach(e.target, false));
  listen('pointerout', (e) => leave(e.target, (e as PointerEvent).relatedTarget, false));
  listen('focusin', (e) => reach(e.target, true));
  listen('focusout', (e) => leave(e.target, (e as FocusEvent).relatedTarget, true));
  listen('click', (e) => {
    const { pending, shown } = hover();
    if ((pending || shown) && dismisses(e.target)) send({ type: 'click' });
  });
}

/** Runs a hover card on the app root `app` until the injection is torn down. */
export function attachHoverCard<D>(app: Element, ctx: InjectionContext, def: HoverCardDef<D>): void {
  const card = createStore<HoverCardState<D> | null>(null);
  let hover: HoverState<Link> = HOVER_IDLE;
  /** The card's UI is mounted on the first card shown, until the injection is torn down. */
  let uiMounted = false;
  let stopTracking: (() => void) | null = null;
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const self = { dismiss: () => send({ type: 'dismiss' }) };

  function send(event: HoverEvent<Link, D>): void {
    const next = hoverTransition(hover, event);
    hover = next.state;
    for (const effect of next.effects) run(effect);
  }

  function show(link: Link, data: D): void {
    if (openCard !== self) openCard?.dismiss();
    openCard = self;
    if (!uiMounted) mountUi(ctx, def.kind, (host) => document.body.append(host), def.layer(card, handlers));
    uiMounted = true;
    card.set({ data, anchor: link.getBoundingClientRect() });
    stopTracking ??= track(ctx, () => hover.shown, card, send);
  }

  function run(effect: HoverEffect<Link, D>): void {
    switch (effect.type) {
      case 'wait-hover':
        clearTimeout(hoverTimer);
        hoverTimer = setTimeout(() => send({ type: 'hover-delay', link: effect.link }), effect.ms);
        return;
      case 'cancel-hover':
        return clearTimeout(hoverTimer);
      case 'wait-hide':
        clearTimeout(hideTimer);
        hideTimer = setTimeout(() => send({ type: 'hide-delay' }), effect.ms);
        return;
      case 'cancel-hide':
        return clearTimeout(hideTimer);
      case 'load':
        return void load(effect.link);
      case 'show':
        return show(effect.link, effect.data);
      case 'hide':
        if (openCard === self) openCard = null;
        card.set(null);
        stopTracking?.();
        stopTracking = null;
        return;
      case 'navigate':
        return ctx.route.navigate(effect.path);
    }
  }

  async function load(link: Link): Promise<void> {
    const data = await def.load(link);
    // The link left the page (or the feature stopped) while the answer was on its way.
    if (data === null || (link.isConnected && !ctx.signal.aborted)) send({ type: 'loaded', link, data });
  }

  const handlers: HoverCardHandlers = {
    enter: () => send({ type: 'card-enter' }),
    leave: () => send({ type: 'card-leave' }),
    navigate: (path: string) => send({ type: 'navigate', path }),
  };
  const { signal } = ctx;
  listenToLinks(
    (type, listener) => app.addEventListener(type, listener, { passive: true, signal }),
    (target, focus) => def.linkAt(target, focus),
    def,
    () => hover,
    send,
    def.dismissesOnClick?.bind(def),
  );
  const inOurRoots = def.linkInOurRoots?.bind(def);
  if (inOurRoots)
    listenToLinks(
      (type, listener) => listenInOurRoots(type, listener, ctx),
      inOurRoots,
      def,
      () => hover,
      send,
      def.dismissesOnClick?.bind(def),
    );
  onAbort(ctx, () => send({ type: 'dismiss' }));
}
