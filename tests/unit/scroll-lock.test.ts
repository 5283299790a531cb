// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { lockPageScroll } from '../../src/inject/scroll-lock';

describe('the page scroll lock', () => {
  it("freezes the page with the host's own class until the last holder releases, each release counting once", () => {
    const body = document.body.classList;
    const palette = new AbortController();
    lockPageScroll(palette);
    expect(body.contains('scroll-lock')).toBe(true);
    const dialog = new AbortController();
    lockPageScroll(dialog);
    dialog.abort();
    dialog.abort();
    expect(body.contains('scroll-lock')).toBe(true);
    palette.abort();
    expect(body.contains('scroll-lock')).toBe(false);
    lockPageScroll(palette);
    expect(body.contains('scroll-lock')).toBe(false);
  });
});
