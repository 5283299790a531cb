import { describe, expect, it } from 'vitest';
import { imageLinkSource, previewPlacement } from '../../src/data/image-preview';

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

describe('where the overlay goes (2.0.3, C22)', () => {
  const viewport = { width: 1400, height: 1000 };
  const link = (top: number, left = 200) => ({ left, top, bottom: top + 20 });

  it('under the link: 10 px below it, 30 px left of it, as wide as the image, as tall as the room below leaves (30 px kept)', () => {
    expect(previewPlacement(link(100), { width: 800, height: 600 }, viewport)).toEqual({
      left: 170,
      top: 130,
      width: 800,
      maxHeight: 1000 - 130 - 30,
    });
  });

  it('at most min(1200 px, 90 % of the window) wide; a narrow image shifts at most half its width; 50 px inside the right edge', () => {
    expect(previewPlacement(link(100, 0), { width: 3000, height: 100 }, viewport).width).toBe(1200);
    expect(previewPlacement(link(100, 0), { width: 3000, height: 100 }, { width: 800, height: 1000 }).width).toBe(720);
    expect(previewPlacement(link(100), { width: 40, height: 40 }, viewport).left).toBe(180);
    expect(previewPlacement(link(100, 1300), { width: 800, height: 600 }, viewport).left).toBe(1400 - 50 - 800);
    expect(previewPlacement(link(100, 10), { width: 800, height: 600 }, viewport).left).toBe(0);
  });

  it('a tall image under a link high on the page keeps below and scrolls', () => {
    const at = previewPlacement(link(100), { width: 600, height: 5000 }, viewport);
    expect(at).toMatchObject({ top: 130, maxHeight: 840 });
    expect(at.bottom).toBeUndefined();
  });

  it("near the window's bottom it opens above the link, 10 px over it, as tall as the room above leaves (2.0.3 shrank to nothing)", () => {
    const at = previewPlacement(link(900), { width: 600, height: 400 }, viewport);
    expect(at).toEqual({ left: 170, bottom: 1000 - 900 + 10, width: 600, maxHeight: 900 - 10 - 30 });
    expect(at.top).toBeUndefined();
    // It fits below: it stays below, however close the bottom is.
    expect(previewPlacement(link(700), { width: 600, height: 200 }, viewport)).toMatchObject({ top: 730, maxHeight: 240 });
  });

  it('an image without a natural size takes the widest and the room below', () => {
    expect(previewPlacement(link(100), { width: 0, height: 0 }, viewport)).toMatchObject({ width: 1200, top: 130, maxHeight: 840 });
  });
});
