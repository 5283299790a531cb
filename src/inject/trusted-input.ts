/**
 * Only a person drives our UI. Any script on the page can dispatch a click, a key or a paste on
 * the DOM we share with it, and can call `form.requestSubmit()`; the browser marks events it did
 * not make with `isTrusted: false`. Every shadow root of ours is guarded where it begins
 * (`guardUserInput`): a capture listener on the root stops the native user-input events that the
 * browser did not make before any of our handlers sees them, and cancels the default action of
 * the activating ones (an untrusted `.click()` on a checkbox or a link changes nothing). A submit
 * counts only when a real click (or the Enter that clicks a form's default button) on its submit
 * button started it: `requestSubmit()` makes a trusted submit event on its own.
 *
 * Libraries inside our UI dispatch their own custom events (cmdk's item select, Radix's focus
 * scope and dismissable layer): those are not native input and pass. Events our own code makes
 * go through `dispatchOwn` / `clickOwn`, which mark them as ours while they are dispatched.
 * Events we dispatch into the host's editors (so Vue sees inserted text) never reach our roots.
 */

/** The native events a person makes with keyboard, mouse, touch, pen, clipboard and drag. */
const USER_INPUT_EVENTS: readonly string[] = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'change',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'click',
  'auxclick',
  'dblclick',
  'contextmenu',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'submit',
  'reset',
  'paste',
  'cut',
  'copy',
  'drop',
  'dragstart',
  'dragenter',
  'dragover',
  'wheel',
];

/**
 * Events whose default action a script could use (an untrusted click still checks a checkbox,
 * follows a link or submits a form): cancelled too. Other untrusted input has no default action
 * (a synthetic key types nothing), and a cancelled one would tell its sender it was handled.
 */
const ACTIVATING = new Set(['click', 'auxclick', 'dblclick', 'submit', 'reset']);

/** Events our own code is dispatching right now (never the page's: it cannot add to this set). */
const own = new WeakSet<Event>();

/** Dispatches an event of our own at `target`: the guard lets it through while it is dispatched. */
export function dispatchOwn(target: EventTarget, event: Event): boolean {
  own.add(event);
  try {
    return target.dispatchEvent(event);
  } finally {
    // Taken back at once: a page that kept the event could otherwise dispatch it again.
    own.delete(event);
  }
}

/** Clicks `element` as our own code (a held Enter choosing the top row, opening a file chooser). */
export function clickOwn(element: Element): void {
  dispatchOwn(element, new MouseEvent('click', { bubbles: true, cancelable: true, view: element.ownerDocument.defaultView }));
}

/** The submit button a real click in this task pressed, the only one whose submit counts. */
let pressedSubmitter: Element | null = null;

function noteSubmitter(event: Event): void {
  const origin = event.composedPath()[0];
  const button = origin instanceof Element ? origin.closest('button, input') : null;
  if (!(button instanceof HTMLButtonElement || button instanceof HTMLInputElement) || button.type !== 'submit') return;
  pressedSubmitter = button;
  // The submit a click starts is dispatched in the same task, right after the click.
  setTimeout(() => {
    if (pressedSubmitter === button) pressedSubmitter = null;
  }, 0);
}

function submitStartedByPerson(event: Event): boolean {
  const submitter = (event as SubmitEvent).submitter ?? null;
  const pressed = pressedSubmitter;
  pressedSubmitter = null;
  return submitter !== null && submitter === pressed;
}

function allowed(event: Event): boolean {
  if (own.has(event)) return true;
  if (!event.isTrusted) return false;
  if (event.type === 'click') noteSubmitter(event);
  return event.type !== 'submit' || submitStartedByPerson(event);
}

function guard(event: Event): void {
  if (allowed(event)) return;
  event.stopImmediatePropagation();
  if (ACTIVATING.has(event.type)) event.preventDefault();
}

/**
 * Guards a shadow root of our UI against input the browser did not make (see the header). The
 * guard cancels only the activating events; for every other one it listens passively, so a wheel
 * or a touch over our UI scrolls at once, without the browser first asking the page's main
 * thread (busy with the page's own work) whether the event was cancelled.
 */
export function guardUserInput(root: ShadowRoot): void {
  for (const type of USER_INPUT_EVENTS) root.addEventListener(type, guard, { capture: true, passive: !ACTIVATING.has(type) });
}
