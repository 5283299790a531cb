// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachShadowUi, createUiHost, deepActiveElement, eventOrigin, overlayRoot } from '../../src/inject/shadow';
import { clickOwn, dispatchOwn } from '../../src/inject/trusted-input';

/**
 * The guard on our shadow roots (src/inject/trusted-input.ts) and the closed roots
 * (src/inject/shadow.ts). Every event a test dispatches is untrusted, as a page script's is; what a
 * person does is in the end-to-end tests (tests/e2e/untrusted-input.spec.ts).
 */

afterEach(() => document.body.replaceChildren());

function ui(html: string) {
  const host = createUiHost('test');
  document.body.append(host);
  const { root, container } = attachShadowUi(host);
  container.innerHTML = html;
  return { host, root, container };
}

describe('the guard on our shadow roots', () => {
  it('stops untrusted clicks, keys, input and pastes before our handlers, and cancels the activating ones', () => {
    const { container } = ui('<button>Ok</button><input type="checkbox"><input type="text">');
    const heard = vi.fn();
    for (const type of ['click', 'keydown', 'input', 'change', 'paste', 'pointerdown', 'submit']) container.addEventListener(type, heard);
    const [button, box, field] = [...container.querySelectorAll<HTMLElement>('button, input')];
    button!.click();
    expect(button!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }))).toBe(false);
    (box as HTMLInputElement).click();
    expect((box as HTMLInputElement).checked).toBe(false);
    // A key has no default action to cancel: a cancelled one would tell its sender it was handled.
    expect(field!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))).toBe(true);
    for (const type of ['input', 'change', 'paste', 'pointerdown'])
      field!.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
    expect(heard).not.toHaveBeenCalled();
  });

  it("lets libraries' own events through (cmdk's item select, Radix's focus scope), and focus", () => {
    const { container } = ui('<div cmdk-item></div>');
    const item = container.firstElementChild!;
    const heard = vi.fn();
    for (const type of ['cmdk-item-select', 'focusScope.autoFocusOnMount', 'focusin']) item.addEventListener(type, heard);
    item.dispatchEvent(new Event('cmdk-item-select'));
    item.dispatchEvent(new CustomEvent('focusScope.autoFocusOnMount'));
    item.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('blocks no scrolling: it listens passively to everything it never cancels, and still stops an untrusted wheel', () => {
    const added = vi.spyOn(ShadowRoot.prototype, 'addEventListener');
    const { container } = ui('<div></div>');
    const options = new Map(added.mock.calls.map(([type, , opts]) => [type, opts as AddEventListenerOptions]));
    added.mockRestore();
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
      expect(options.get(type), type).toEqual({ capture: true, passive: true });
    for (const type of ['click', 'auxclick', 'dblclick', 'submit', 'reset'])
      expect(options.get(type), type).toEqual({ capture: true, passive: false });
    const heard = vi.fn();
    container.addEventListener('wheel', heard);
    container.firstElementChild!.dispatchEvent(new WheelEvent('wheel', { deltaY: 400, bubbles: true, composed: true }));
    expect(heard).not.toHaveBeenCalled();
  });

  it('lets our own events through while they are dispatched, and only then', () => {
    const { container } = ui('<button>Ok</button>');
    const button = container.firstElementChild as HTMLButtonElement;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    clickOwn(button);
    const input = new Event('input', { bubbles: true });
    button.addEventListener('input', clicks);
    dispatchOwn(button, input);
    expect(clicks).toHaveBeenCalledTimes(2);
    // A page that kept our event cannot dispatch it again.
    button.dispatchEvent(input);
    expect(clicks).toHaveBeenCalledTimes(2);
  });
});

describe('closed shadow roots', () => {
  it('are closed to the page, and ours to look through: the focused element, where an event began', () => {
    const { host, container } = ui('<input aria-label="inside">');
    expect(host.shadowRoot).toBeNull();
    const field = container.querySelector('input')!;
    let origin: EventTarget | null = null;
    document.addEventListener('focusin', (event) => (origin = eventOrigin(event)), { once: true });
    field.focus();
    expect(document.activeElement).toBe(host);
    expect(deepActiveElement()).toBe(field);
    expect(origin).toBe(field);
  });

  it('one root per host: the overlay is found again, not attached twice', () => {
    const first = overlayRoot();
    expect(overlayRoot()).toEqual(first);
    expect(attachShadowUi(first.host).root).toBe(first.root);
  });
});
