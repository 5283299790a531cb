// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { videoLinks } from '../../src/commands/features/video-links';
import type { InjectionContext } from '../../src/commands/types';
import { videoLinkHref, videosAsLinks } from '../../src/data/rendered-videos';

/** Videos as links (2.0.3's C1): the host's markdown by the feature's injection, ours by the sanitizer. */

afterEach(() => {
  videosAsLinks.set(false);
  document.body.innerHTML = '';
});

const VIDEO = '<p>clip <video muted loop controls><source src="https://files.catbox.moe/a.webm" type="video/webm"></video> end</p>';

describe('the option', () => {
  it("is 2.0.3's name, default and label, in misc", () => {
    expect(videoLinks.toggle).toBe('replaceVideosWithLinksEnabled');
    expect(videoLinks.options).toEqual([{ key: 'replaceVideosWithLinksEnabled', default: false }]);
    expect(videoLinks.description).toBe('Replace videos with video links (mobile fix).');
    expect(videoLinks.category).toBe('misc');
  });
});

/*
 * In what we draw, the sanitizer writes the link (src/panels/sanitize.ts): happy-dom cannot host
 * DOMPurify faithfully, so tests/e2e/video-links.spec.ts checks it in Chromium.
 */
describe('the address a video links to', () => {
  it("is its source's, when the URL rule takes it as a source", () => {
    expect(['https://a.test/x.webm', '/x.mp4', 'javascript:x', 'data:video/webm;base64,AA', ' ', null].map(videoLinkHref)).toEqual([
      'https://a.test/x.webm',
      '/x.mp4',
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("in the host's markdown (the injection)", () => {
  const injection = videoLinks.injections![0]!;
  const ctx = { signal: new AbortController().signal } as InjectionContext;

  it("targets 2.0.3's landmark and replaces the video with the link to its first source's resolved address", () => {
    expect(injection.selector).toBe('.markdown video source');
    document.body.innerHTML = `<div class="markdown">${VIDEO.replace('https://files.catbox.moe/a.webm', '/file/a.webm')}</div>`;
    const [first] = document.querySelectorAll('.markdown video source');
    injection.mount(first!, ctx);
    const link = document.querySelector<HTMLAnchorElement>('.markdown a.void-video-link')!;
    expect(document.querySelector('video')).toBeNull();
    expect(link.textContent).toBe('Play Video');
    expect(link.href).toBe(new URL('/file/a.webm', location.href).href);
    // Same tab, as 2.0.3: no target.
    expect(link.hasAttribute('target')).toBe(false);
  });

  it('a later source of the same video, and a source refused by the URL rule, change nothing', () => {
    document.body.innerHTML =
      '<div class="markdown"><video><source src="https://a.test/1.webm"><source src="https://a.test/2.mp4"></video>' +
      '<video><source src="javascript:alert(1)"></video></div>';
    const sources = document.querySelectorAll('.markdown video source');
    injection.mount(sources[1]!, ctx);
    injection.mount(sources[2]!, ctx);
    expect(document.querySelectorAll('video')).toHaveLength(2);
    expect(document.querySelector('.void-video-link')).toBeNull();
  });
});
