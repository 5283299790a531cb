import { HOVER_IDLE, hoverTransition, type HoverEffect, type HoverEvent, type HoverState } from '../../data/hover-card';
import { imageLinkSource, type Size } from '../../data/image-preview';
import { createStore, type Store } from '../../data/store';
import { childLifetime, onAbort } from '../../inject/lifetime';
import type { PreviewHandlers, PreviewState } from '../../panels/image-preview/ImagePreview';
import { mountUi } from '../../panels/mount';
import { lazyComponent } from '../lazy';
import type { FeatureDef, InjectionContext } from '../types';
import styles from '../../panels/image-preview/image-preview.css';

const ImagePreview = lazyComponent(() => import('../../panels/image-preview/ImagePreview'), 'ImagePreview');

/**
 * Image-link preview (2.0.3's overlay, C22): resting on a link to an image (pointer or keyboard
 * focus) loads the image after 100 ms and shows it large under the link, or above it when the
 * window's bottom leaves too little room; the pointer may move onto it and scroll it; it goes 300 ms
 * after the pointer left both, on a click on the link, or on Escape. The hover controller is the
 * hover cards' (`src/data/hover-card.ts`); listeners are delegated on the document.
 */

const UI_KIND = 'image-preview';
type Link = Element;
type Loaded = { src: string; image: Size };
type Hover = HoverEvent<Link, Loaded>;

/** The link to an image that `target` is in (never one of our own UI's), with the image's address. */
function imageLink(target: EventTarget | null): { link: Link; src: string } | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!link || link.closest('[data-void-ui]')) return null;
  const src = imageLinkSource(link.getAttribute('href'), link.querySelector('img') !== null, location.href);
  return src ? { link, src } : null;
}

/** The image, loaded: its natural size places the overlay (0 × 0 when it has none); null when it fails. */
function preload(src: string): Promise<Size | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

/** While the overlay is up: follow the link on scroll and resize, hide it when the link is gone, and on Escape. */
function follow(ctx: InjectionContext, link: Link, state: Store<PreviewState | null>, send: (event: Hover) => void): AbortController {
  const tracking = childLifetime(ctx);
  let frame = 0;
  const place = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const current = state.get();
      if (!link.isConnected) send({ type: 'link-gone' });
      else if (current) state.set({ ...current, anchor: link.getBoundingClientRect() });
    });
  };
  const { signal } = tracking;
  window.addEventListener('scroll', place, { capture: true, passive: true, signal });
  window.addEventListener('resize', place, { passive: true, signal });
  document.addEventListener('keydown', (e) => e.key === 'Escape' && send({ type: 'dismiss' }), { capture: true, signal });
  onAbort(tracking, () => cancelAnimationFrame(frame));
  return tracking;
}

/** The page's pointer and focus events (the browser's only) as the controller's events, until the feature stops. */
function listen(ctx: InjectionContext, hover: () => HoverState<Link>, send: (event: Hover) => void): void {
  const inOverlay = (node: EventTarget | null) => node instanceof Element && node.closest(`[data-void-ui="${UI_KIND}"]`) !== null;
  const reach = (e: Event) => {
    const found = imageLink(e.target);
    if (found) send({ type: 'enter', link: found.link });
  };
  const leave = (e: Event) => {
    const link = imageLink(e.target)?.link;
    const to = (e as MouseEvent | FocusEvent).relatedTarget;
    if (link && !(to instanceof Node && link.contains(to))) send({ type: 'leave', link, toCard: inOverlay(to) });
  };
  const click = (e: Event) => {
    const { pending, shown } = hover();
    if ((pending || shown) && imageLink(e.target)) send({ type: 'dismiss' });
  };
  const listeners: [string, (e: Event) => void][] = [
    ['pointerover', reach],
    ['focusin', reach],
    ['pointerout', leave],
    ['focusout', leave],
    ['click', click],
  ];
  for (const [type, listener] of listeners)
    document.addEventListener(type, (e) => e.isTrusted && listener(e), { passive: true, signal: ctx.signal });
}

/** Runs the hover controller for image links: its timers, the image's loading and the overlay. */
function run(ctx: InjectionContext): undefined {
  const state = createStore<PreviewState | null>(null);
  let hover: HoverState<Link> = HOVER_IDLE;
  let mounted = false;
  let tracking: AbortController | null = null;
  const timers = {
    hover: undefined as ReturnType<typeof setTimeout> | undefined,
    hide: undefined as ReturnType<typeof setTimeout> | undefined,
  };
  const handlers: PreviewHandlers = { enter: () => send({ type: 'card-enter' }), leave: () => send({ type: 'card-leave' }) };

  function send(event: Hover): void {
    const next = hoverTransition(hover, event);
    hover = next.state;
    for (const effect of next.effects) effectOf(effect);
  }

  async function load(link: Link): Promise<void> {
    const src = imageLink(link)?.src;
    const image = src ? await preload(src) : null;
    if (ctx.signal.aborted) return;
    send({ type: 'loaded', link, data: src && image && link.isConnected ? { src, image } : null });
  }

  function effectOf(effect: HoverEffect<Link, Loaded>): void {
    if (effect.type === 'wait-hover' || effect.type === 'cancel-hover') clearTimeout(timers.hover);
    if (effect.type === 'wait-hide' || effect.type === 'cancel-hide') clearTimeout(timers.hide);
    if (effect.type === 'wait-hover') timers.hover = setTimeout(() => send({ type: 'hover-delay', link: effect.link }), effect.ms);
    else if (effect.type === 'wait-hide') timers.hide = setTimeout(() => send({ type: 'hide-delay' }), effect.ms);
    else if (effect.type === 'load') void load(effect.link);
    else if (effect.type === 'show') {
      if (!mounted) mountUi(ctx, UI_KIND, (host) => document.body.append(host), <ImagePreview state={state} handlers={handlers} />);
      mounted = true;
      state.set({ ...effect.data, anchor: effect.link.getBoundingClientRect() });
      tracking?.abort();
      tracking = follow(ctx, effect.link, state, send);
    } else if (effect.type === 'hide') {
      state.set(null);
      tracking?.abort();
      tracking = null;
    }
  }

  listen(ctx, () => hover, send);
  onAbort(ctx, () => send({ type: 'dismiss' }));
}

export const imagePreview: FeatureDef = {
  id: 'image-preview',
  styles,
  title: 'Image link preview',
  category: 'activity',
  description: 'Preview linked images on hover.',
  toggle: 'imagePreviewEnabled',
  options: [
    {
      key: 'imagePreviewEnabled',
      default: false,
    },
  ],
  page: [{ id: 'image-preview', run }],
};
