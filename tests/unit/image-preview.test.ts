import { describe, expect, it } from 'vitest';
import { imageLinkSource } from '../../src/data/image-preview';

describe('image links', () => {
  it('accepts every listed extension in any case, with query strings and fragments', () => {
    for (const ext of ['jpg', 'png', 'gif', 'webp', 'apng', 'avif', 'jpeg', 'svg', 'JPG', 'Png', 'SVG'])
      expect(imageLinkSource(`https://i.example.com/a/b.${ext}`, false), ext).toBe(`https://i.example.com/a/b.${ext}`);
    expect(imageLinkSource('https://i.example.com/b.PNG?width=200&x=1', false)).toBe('https://i.example.com/b.PNG?width=200&x=1');
    expect(imageLinkSource('https://i.example.com/b.gif#frame', false)).toBe('https://i.example.com/b.gif#frame');
    expect(imageLinkSource('/file/cover.webp', false, 'https://anilist.co/home')).toBe('https://anilist.co/file/cover.webp');
  });

  it('refuses links with an inner image, other extensions and other schemes', () => {
    expect(imageLinkSource('https://i.example.com/b.png', true)).toBeNull();
    for (const href of [
      'https://example.com/page',
      'https://example.com/b.png.html',
      'https://example.com/b.bmp',
      'https://example.com/?file=b.png',
      'javascript:alert(1)//.png',
      'data:image/png;base64,AAAA.png',
      '',
      null,
    ])
      expect(imageLinkSource(href, false), String(href)).toBeNull();
  });
});
