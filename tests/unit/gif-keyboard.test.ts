import { describe, expect, it } from 'vitest';
import { gifKeyboard } from '../../src/commands/features/gif-keyboard';
import { memoryBackend } from '../../src/data/backend';
import {
  ADD_ERROR,
  addedMessage,
  addMedia,
  addUrl,
  classifyMedia,
  clampSize,
  filterMedia,
  gifKeyboardKey,
  GIF_PAGE_SIZE,
  mediaMarkup,
  pageOf,
  pageOfIndex,
  removeMedia,
  removeUrl,
  type GifKeyboardConfig,
} from '../../src/data/gif-keyboard';
import { decodeStored, encodeStored, Store } from '../../src/data/storage';

const urls = (n: number, ext = 'gif') => Array.from({ length: n }, (_, i) => `https://s4.anilist.co/file/${i + 1}.${ext}`);
const config = (change: Partial<GifKeyboardConfig> = {}): GifKeyboardConfig => ({ ...gifKeyboardKey.defaultValue(), ...change });

describe('classifyMedia', () => {
  it.each([
    ['https://i.example.com/a.gif', 'gifs'],
    ['https://i.example.com/A.GIF', 'gifs'],
    ['http://i.example.com/a.gif?width=300&x=.png', 'gifs'],
    ['https://i.example.com/a.gif#frame', 'gifs'],
    ['  https://i.example.com/a.gif  ', 'gifs'],
    ...['jpg', 'jpeg', 'png', 'webp', 'apng', 'avif', 'svg', 'PNG', 'JpEg'].map((ext) => [`https://i.example.com/a.${ext}`, 'images']),
    ['https://i.example.com/a.png?format=gif', 'images'],
  ])('%s is %s', (url, kind) => {
    expect(classifyMedia(url)).toBe(kind);
  });

  it.each([
    ['https://i.example.com/a.mp4'],
    ['https://i.example.com/a.webm'],
    ['https://i.example.com/gif'],
    ['https://i.example.com/a.gifv'],
    ['https://i.example.com/'],
    ['https://i.example.com/a?x=a.gif'],
    ['javascript:alert(1)//a.gif'],
    ['data:image/gif;base64,R0lGOD.gif'],
    ['ftp://i.example.com/a.gif'],
    ['//i.example.com/a.gif'],
    ['a.gif'],
    [''],
    ['not a url'],
  ])('%s is not recognized', (url) => {
    expect(classifyMedia(url)).toBeNull();
  });

  it('has the exact messages of the spec', () => {
    expect(ADD_ERROR).toBe('Url was not recognized as image or GIF.');
    expect(addedMessage('gifs')).toBe('Added media to GIFS');
    expect(addedMessage('images')).toBe('Added media to Images');
  });
});

describe('adding and removing', () => {
  it('appends without duplicates', () => {
    expect(addUrl(['a'], 'b')).toEqual(['a', 'b']);
    expect(addUrl(['a', 'b'], 'a')).toEqual(['a', 'b']);
    const c = config({ gifs: ['x.gif'] });
    expect(addMedia(c, 'gifs', 'x.gif')).toBe(c);
    expect(addMedia(c, 'gifs', 'y.gif').gifs).toEqual(['x.gif', 'y.gif']);
    expect(addMedia(c, 'images', 'y.png')).toEqual({ ...c, images: ['y.png'] });
  });

  it('removes only from the given list and never mutates', () => {
    const c = config({ gifs: ['a', 'b'], images: ['a'] });
    expect(removeMedia(c, 'gifs', 'a')).toEqual({ ...c, gifs: ['b'] });
    expect(c.gifs).toEqual(['a', 'b']);
    expect(removeUrl(['a'], 'zzz')).toEqual(['a']);
  });
});

describe('paging', () => {
  it('gives 30 a page and clamps the page', () => {
    const list = urls(35);
    expect(GIF_PAGE_SIZE).toBe(30);
    expect(pageOf(list, 1)).toEqual({ items: list.slice(0, 30), page: 1, lastPage: 2 });
    expect(pageOf(list, 2)).toEqual({ items: list.slice(30), page: 2, lastPage: 2 });
    expect(pageOf(list, 9).page).toBe(2);
    expect(pageOf(list, 0).page).toBe(1);
    expect(pageOf(list, Number.NaN).page).toBe(1);
    expect(pageOf(urls(30), 2)).toMatchObject({ page: 1, lastPage: 1 });
    expect(pageOf([], 3)).toEqual({ items: [], page: 1, lastPage: 1 });
  });

  it('finds the page of an index', () => {
    expect(pageOfIndex(0)).toBe(1);
    expect(pageOfIndex(29)).toBe(1);
    expect(pageOfIndex(30)).toBe(2);
    expect(pageOfIndex(-1)).toBe(1);
  });
});

describe('markup and filtering', () => {
  it('writes img{size}(url)', () => {
    expect(mediaMarkup('https://x/a.gif', 260)).toBe('img260(https://x/a.gif)');
  });

  it('filters both lists by URL text, case-insensitively, GIFs first', () => {
    const c = config({ gifs: ['https://x/Cat.gif', 'https://x/dog.gif'], images: ['https://x/cat.png'] });
    expect(filterMedia(c, 'CAT')).toEqual([
      { kind: 'gifs', url: 'https://x/Cat.gif' },
      { kind: 'images', url: 'https://x/cat.png' },
    ]);
    expect(filterMedia(c, '  ')).toHaveLength(3);
    expect(filterMedia(c, 'bird')).toEqual([]);
  });
});

describe('the stored config', () => {
  it("is named like the original's and defaults to empty lists and size 260", () => {
    expect(gifKeyboardKey.name).toBe('void-verified-gif-keyboard');
    expect(gifKeyboardKey.exported).toBe(true);
    expect(decodeStored(gifKeyboardKey, undefined).value).toEqual({ gifs: [], images: [], gifSize: 260 });
  });

  it('round-trips and fills missing fields with defaults', () => {
    const c = config({ gifs: urls(2), gifSize: 300 });
    expect(decodeStored(gifKeyboardKey, encodeStored(gifKeyboardKey, c)).value).toEqual(c);
    expect(decodeStored(gifKeyboardKey, JSON.stringify({ v: 1, data: { gifs: ['https://x/a.gif'] } })).value).toEqual({
      gifs: ['https://x/a.gif'],
      images: [],
      gifSize: 260,
    });
  });

  it('falls back to the default for invalid values', () => {
    for (const data of [{ gifs: 'x' }, { gifs: [], images: [1] }, { gifSize: 601 }, { gifSize: 'big' }, [], null]) {
      const { value, problem } = decodeStored(gifKeyboardKey, JSON.stringify({ v: 1, data }));
      expect(problem, JSON.stringify(data)).toBeTruthy();
      expect(value).toEqual({ gifs: [], images: [], gifSize: 260 });
    }
    expect(decodeStored(gifKeyboardKey, '{oops').value).toEqual({ gifs: [], images: [], gifSize: 260 });
  });

  it("reads the original's localStorage shape: string size, extra fields, duplicates", () => {
    const original = {
      gifs: ['https://x/a.gif', 'https://x/a.gif', 5],
      images: ['https://x/b.png'],
      gifSize: '305',
      lastSyncTime: '2024-01-01',
    };
    const { value, migrated, problem } = decodeStored(gifKeyboardKey, JSON.stringify(original));
    expect(problem).toBeUndefined();
    expect(migrated).toBe(true);
    expect(value).toEqual({ gifs: ['https://x/a.gif'], images: ['https://x/b.png'], gifSize: 310 });
    expect(decodeStored(gifKeyboardKey, JSON.stringify({ gifs: [] })).value.gifSize).toBe(260);
  });

  it('clamps sizes to the slider (10 to 600, step 10)', () => {
    expect(clampSize(260)).toBe(260);
    expect(clampSize(1000)).toBe(600);
    expect(clampSize(0)).toBe(10);
    expect(clampSize('42')).toBe(40);
    expect(clampSize('')).toBe(260);
    expect(clampSize(null)).toBe(260);
  });

  it('refuses to store an invalid size', () => {
    const store = new Store(memoryBackend(), () => {});
    expect(() => store.set(gifKeyboardKey, config({ gifSize: 9000 }))).toThrow();
    store.update(gifKeyboardKey, (c) => addMedia(c, 'gifs', 'https://x/a.gif'));
    expect(store.get(gifKeyboardKey).gifs).toEqual(['https://x/a.gif']);
  });
});

describe('the feature', () => {
  it('keeps its option keys and defaults, is built, and has its palette page', () => {
    expect(gifKeyboard.planned).toBeUndefined();
    expect(gifKeyboard.options?.map((o) => [o.key, o.default])).toEqual([
      ['gifKeyboardEnabled', false],
      ['gifKeyboardLikeButtonsEnabled', true],
    ]);
    expect(gifKeyboard.commands?.find((c) => c.id === 'gif-keyboard.open')?.page).toBe('gif-keyboard.media');
    expect(gifKeyboard.panels?.some((p) => p.kind === 'palette-page' && p.id === 'gif-keyboard.media' && p.title === 'GIF keyboard')).toBe(
      true,
    );
  });

  it("sits under every markdown editor's toolbar and hides with it; the palette's own focus is the one it inserts into", () => {
    expect(gifKeyboard.injections?.map((i) => [i.id, i.selector])).toEqual([['editor-keyboard', '.markdown-editor']]);
    // No focus tracking of its own: the palette page reads ctx.focused, as every palette pick.
    expect(gifKeyboard.page?.map((p) => p.id)).toEqual(['hide-while-inactive', 'like-buttons']);
  });
});
