import { describe, expect, it } from 'vitest';
import { isSafeUrl } from '../../src/panels/sanitize';

/**
 * The URL rule of the sanitizer. The sanitizer itself (DOMPurify with the host's allow-list) is
 * tested with the XSS vectors in Chromium by tests/e2e/markdown.spec.ts: happy-dom cannot host
 * DOMPurify faithfully.
 */
describe('isSafeUrl', () => {
  it('allows http(s), protocol-relative and relative URLs', () => {
    for (const ok of [
      'https://a.example/x',
      'http://a.example',
      'HTTPS://A.EXAMPLE',
      '//a.example/x',
      '/user/x',
      'x.png',
      '#top',
      '?q=1',
      'a/b:c',
    ])
      expect(isSafeUrl(ok), ok).toBe(true);
  });

  it('refuses script and data URLs in every casing and with ignored characters', () => {
    for (const bad of [
      'javascript:x',
      'JAVASCRIPT:x',
      'JaVaScRiPt:x',
      ' javascript:x',
      'java\tscript:x',
      'java\nscript:x',
      '\u0001javascript:x',
      '\u00a0javascript:x',
      'javascript\u200b:x',
      'data:text/html,x',
      'data:image/png;base64,x',
      'vbscript:x',
      'file:///etc/passwd',
      'blob:https://a.example/x',
    ])
      expect(isSafeUrl(bad), JSON.stringify(bad)).toBe(false);
  });

  it('allows mailto only for links', () => {
    expect(isSafeUrl('mailto:a@b.example')).toBe(false);
    expect(isSafeUrl('mailto:a@b.example', true)).toBe(true);
  });
});
