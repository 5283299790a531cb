import { describe, expect, it } from 'vitest';
import {
  fixedVideoType,
  IMAGE_EXTENSIONS,
  insideParentheses,
  isImageFile,
  isImageUrl,
  VIDEO_SUBTYPES,
  videoTypeFor,
  wrapPastedText,
} from '../../src/data/paste';
import { imageMarkup, imageWidth, imageWidthOf } from '../../src/data/image-markup';
import { finishesWithin } from './hang';

describe('image URLs', () => {
  it('accepts http(s) URLs ending in every image extension, in any case', () => {
    expect([...IMAGE_EXTENSIONS]).toEqual(['jpg', 'jpeg', 'png', 'gif', 'webp', 'apng', 'avif', 'svg']);
    for (const ext of IMAGE_EXTENSIONS) {
      expect(isImageUrl(`https://i.example.com/a.${ext}`), ext).toBe(true);
      expect(isImageUrl(`http://i.example.com/a.${ext.toUpperCase()}`), ext).toBe(true);
    }
    expect(isImageUrl('  https://x.io/cat.PnG  ')).toBe(true);
    expect(isImageUrl('https://x.io/cat.png?width=200#top')).toBe(true);
  });

  it('reads pasted lines of 100,000 characters at once, whatever they hold (issue 25)', { timeout: 30_000 }, async () => {
    // The former single pattern tried every '.png' with the rest of the line after it: seconds a
    // line. A worker stops the reading should it hang (a test's timeout cannot interrupt it).
    const lines = [
      `http://${'a.png?'.repeat(16_666)}(`,
      `https://${'.png#'.repeat(20_000)}<`,
      `https://x${'.png'.repeat(25_000)} x`,
      `http://${'a.jpeg'.repeat(20_000)}`,
    ];
    for (const line of lines) expect(line.length).toBeGreaterThanOrEqual(100_000);
    const text = [...lines, ...lines, ...lines].join('\n');
    const wrapped = await finishesWithin<string | null>(8_000, new URL('../../src/data/paste.ts', import.meta.url), 'wrapPastedText', [
      text,
      '',
      420,
    ]);
    expect(wrapped?.split('\n').map((line) => line.startsWith('img420('))).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
    ]);
    expect(lines.map(isImageUrl)).toEqual([false, false, false, true]);
  });

  it('answers as the former pattern did, on generated lines', () => {
    const former = new RegExp(`^https?://[^\\s()<>]+\\.(?:${IMAGE_EXTENSIONS.join('|')})(?:[?#][^\\s()<>]*)?$`, 'i');
    const pieces = [
      'http://',
      'https://',
      'HTTP://',
      'x',
      '.',
      'png',
      'JPG',
      '.gif',
      '?',
      '#',
      '/',
      '(',
      ')',
      ' ',
      '<',
      'a.svg',
      '.apng',
      '.jpe',
    ];
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % pieces.length;
    for (let n = 0; n < 5000; n++) {
      const line = Array.from({ length: 2 + (n % 7) }, () => pieces[next()]).join('');
      expect(isImageUrl(line), line).toBe(former.test(line.trim()));
    }
  });

  it('refuses other files, other schemes, text around the URL and look-alikes', () => {
    for (const text of [
      'https://x.io/clip.mp4',
      'https://x.io/page.html',
      'https://x.io/png',
      'ftp://x.io/a.png',
      'javascript:alert(1)//a.png',
      'see https://x.io/a.png',
      'https://x.io/a.png and more',
      'https://x.io/a.pngx',
      'https://x.io/a(1).png',
      '',
    ])
      expect(isImageUrl(text), text).toBe(false);
  });
});

describe('image markup', () => {
  it('uses the width, and wraps in a link when asked', () => {
    expect(imageMarkup('https://x.io/a.png', 420)).toBe('img420(https://x.io/a.png)');
    expect(imageMarkup('https://x.io/a.png', 200, true)).toBe('[img200(https://x.io/a.png)](https://x.io/a.png)');
  });

  it('takes the width option as a positive whole number (2.0.3 stores a string from its slider), else 420', () => {
    expect(imageWidth(300, false)).toBe('300');
    expect(imageWidth('250', false)).toBe('250');
    expect(imageWidth(99.6, undefined)).toBe('100');
    for (const bad of [0, -5, 'wide', '', undefined, Number.NaN]) expect(imageWidth(bad, false)).toBe('420');
  });

  it('writes {value}% in percent, at most 100% (document 3, C10)', () => {
    expect(imageWidth(50, true)).toBe('50%');
    expect(imageWidth('425', true)).toBe('100%');
    expect(imageWidth(100, true)).toBe('100%');
    const settings = (values: Record<string, unknown>) => ({ get: (key: string) => values[key] });
    expect(imageWidthOf(settings({ pasteImageWidthValue: 30, pasteImageUnitIsPercentage: true }))).toBe('30%');
    expect(imageWidthOf(settings({ pasteImageWidthValue: 300 }))).toBe('300');
    expect(imageWidthOf(settings({}))).toBe('420');
    expect(imageMarkup('https://x.io/a.png', imageWidth(40, true), true)).toBe('[img40%(https://x.io/a.png)](https://x.io/a.png)');
  });
});

describe('wrapping pasted text', () => {
  const url = 'https://x.io/a.gif';

  it('wraps a pasted image URL with the width', () => {
    expect(wrapPastedText(url, '', 420)).toBe(`img420(${url})`);
    expect(wrapPastedText(` ${url} `, 'Look: ', 300)).toBe(`img300(${url})`);
  });

  it('wraps it in a link with the link option', () => {
    expect(wrapPastedText(url, '', 420, true)).toBe(`[img420(${url})](${url})`);
  });

  it('wraps each image line of a multi-line paste and keeps the others', () => {
    expect(wrapPastedText(`${url}\r\nhello\nhttps://x.io/b.png`, '', 100)).toBe(`img100(${url})\nhello\nimg100(https://x.io/b.png)`);
  });

  it('leaves text without image URLs to the browser', () => {
    expect(wrapPastedText('hello', '', 420)).toBeNull();
    expect(wrapPastedText('https://x.io/page', '', 420)).toBeNull();
    expect(wrapPastedText(`see ${url}`, '', 420)).toBeNull();
  });

  it('does not wrap inside parentheses', () => {
    for (const before of ['img420(', 'text [link](', '(', 'a (https://x.io/', 'webm(']) {
      expect(insideParentheses(before), before).toBe(true);
      expect(wrapPastedText(url, before, 420), before).toBeNull();
    }
    for (const before of ['', 'done (really) ', 'img420(x) ', '(open and then words ']) {
      expect(insideParentheses(before), before).toBe(false);
      expect(wrapPastedText(url, before, 420), before).toBe(`img420(${url})`);
    }
  });
});

describe('image files', () => {
  it('go by mime type, or by extension when the type is unknown', () => {
    expect(isImageFile({ type: 'image/png', name: 'image.png' })).toBe(true);
    expect(isImageFile({ type: 'image/gif', name: 'anything' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf', name: 'a.png' })).toBe(false);
    expect(isImageFile({ type: 'text/plain', name: 'notes.txt' })).toBe(false);
    expect(isImageFile({ type: '', name: 'photo.JPEG' })).toBe(true);
    expect(isImageFile({ type: '', name: 'archive.zip' })).toBe(false);
    expect(isImageFile({ type: '', name: 'noext' })).toBe(false);
  });
});

describe('the video type fixer table', () => {
  it('maps the five video extensions to their mime subtypes', () => {
    expect(VIDEO_SUBTYPES).toEqual({ '.av1': 'av1', '.mp4': 'mp4', '.avi': 'x-msvideo', '.mpeg': 'mpeg', '.ogg': 'ogv' });
  });

  it('maps a source URL to its type by extension (path only, any case)', () => {
    expect(videoTypeFor('https://x.io/v/clip.mp4')).toBe('video/mp4');
    expect(videoTypeFor('https://x.io/clip.MP4?t=3#x')).toBe('video/mp4');
    expect(videoTypeFor('https://x.io/clip.avi')).toBe('video/x-msvideo');
    expect(videoTypeFor('https://x.io/clip.ogg')).toBe('video/ogv');
    expect(videoTypeFor('https://x.io/clip.av1')).toBe('video/av1');
    expect(videoTypeFor('https://x.io/clip.mpeg')).toBe('video/mpeg');
    expect(videoTypeFor('https://x.io/clip.webm')).toBeNull();
    expect(videoTypeFor('https://x.io/clip')).toBeNull();
    expect(videoTypeFor('https://x.io/mp4?file=a.webm')).toBeNull();
  });

  it('fixes only missing or wrong types of known extensions', () => {
    expect(fixedVideoType('https://x.io/a.mp4', 'video/webm')).toBe('video/mp4');
    expect(fixedVideoType('https://x.io/a.mp4', null)).toBe('video/mp4');
    expect(fixedVideoType('https://x.io/a.mp4', '')).toBe('video/mp4');
    expect(fixedVideoType('https://x.io/a.mp4', 'video/mp4')).toBeNull();
    expect(fixedVideoType('https://x.io/a.webm', 'video/webm')).toBeNull();
    expect(fixedVideoType('https://x.io/a.webm', null)).toBeNull();
  });
});
