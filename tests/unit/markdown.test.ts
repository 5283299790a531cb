import { describe, expect, it } from 'vitest';
import { parseHotkey } from '../../src/commands/hotkeys';
import { applyMarkdown, MARKDOWN_MAPPINGS, textEdit, type TextState } from '../../src/data/markdown';

const mappingById = (id: string) => MARKDOWN_MAPPINGS.find((m) => m.id === id);

/**
 * The markdown hotkey rules. Texts are written with the selection
 * between « and », or a caret as |: `apply('bold', 'a «b» c')` is 'a __«b»__ c'.
 */

function parse(written: string): TextState {
  const caret = written.indexOf('|');
  if (caret !== -1) return { text: written.replace('|', ''), start: caret, end: caret };
  const start = written.indexOf('«');
  const end = written.indexOf('»') - 1;
  if (start === -1 || end < start) throw new Error(`no selection in ${written}`);
  return { text: written.replace('«', '').replace('»', ''), start, end };
}

function show(state: TextState | null): string | null {
  if (!state) return null;
  const { text, start, end } = state;
  return start === end
    ? `${text.slice(0, start)}|${text.slice(start)}`
    : `${text.slice(0, start)}«${text.slice(start, end)}»${text.slice(end)}`;
}

function apply(id: string, written: string, imageWidth: number | string = 420): string | null {
  const mapping = mappingById(id);
  if (!mapping) throw new Error(`no mapping ${id}`);
  return show(applyMarkdown(mapping, parse(written), { imageWidth }));
}

describe('the mappings', () => {
  it('are the 15 default hotkeys, with valid keys', () => {
    expect(MARKDOWN_MAPPINGS.map((m) => [m.description, m.key])).toEqual([
      ['Bold', 'ctrl+b'],
      ['Italic', 'ctrl+i'],
      ['Strikethrough', 'alt+shift+5'],
      ['Spoiler', 'alt+S'],
      ['Center', 'alt+shift+c'],
      ['Code', 'ctrl+shift+c'],
      ['Code block', 'ctrl+shift+alt+c'],
      ['Quote', 'alt+q'],
      ['Header', 'alt+h'],
      ['Unordered list', 'alt+b'],
      ['Ordered list', 'alt+l'],
      ['YouTube', 'alt+y'],
      ['WebM', 'alt+w'],
      ['Link', 'ctrl+k'],
      ['Image', 'alt+i'],
    ]);
    for (const m of MARKDOWN_MAPPINGS) expect(parseHotkey(m.key), m.key).not.toBeNull();
    expect(parseHotkey('alt+S')).toBe('alt+shift+s');
    expect(new Set(MARKDOWN_MAPPINGS.map((m) => parseHotkey(m.key))).size).toBe(15);
  });

  it('carry a type, characters and their per-type fields', () => {
    for (const m of MARKDOWN_MAPPINGS) {
      expect(['wrap', 'line start', 'every line start', 'video']).toContain(m.type);
      expect(m.characters.length).toBeGreaterThan(0);
    }
    expect(mappingById('header')?.maxInstances).toBe(5);
    expect(mappingById('image')?.specialRemove).toBeInstanceOf(RegExp);
    expect(mappingById('youtube')?.regex).toBeInstanceOf(RegExp);
  });
});

describe('wrap commands', () => {
  const marks: [string, string, string][] = [
    ['bold', '__', '__'],
    ['italic', '_', '_'],
    ['strikethrough', '~~', '~~'],
    ['spoiler', '~!', '!~'],
    ['center', '~~~', '~~~'],
    ['code', '`', '`'],
    ['code-block', '<pre>', '</pre>'],
  ];

  for (const [id, open, close] of marks) {
    describe(id, () => {
      it('wraps the selection and keeps it selected', () => {
        expect(apply(id, 'a «word» b')).toBe(`a ${open}«word»${close} b`);
      });
      it('inserts the marks around the caret on an empty selection', () => {
        expect(apply(id, 'a |b')).toBe(`a ${open}|${close}b`);
        expect(apply(id, '|')).toBe(`${open}|${close}`);
      });
      it('works at the start and the end of the text', () => {
        expect(apply(id, '«start» x')).toBe(`${open}«start»${close} x`);
        expect(apply(id, 'x «end»')).toBe(`x ${open}«end»${close}`);
        expect(apply(id, '«all»')).toBe(`${open}«all»${close}`);
      });
      it('wraps a multi-line selection as a whole', () => {
        expect(apply(id, 'x «one\ntwo» y')).toBe(`x ${open}«one\ntwo»${close} y`);
      });
      it('toggles off when the marks are just outside the selection', () => {
        expect(apply(id, `a ${open}«word»${close} b`)).toBe('a «word» b');
        expect(apply(id, `${open}«all»${close}`)).toBe('«all»');
        expect(apply(id, `${open}|${close}`)).toBe('|');
        expect(apply(id, `x ${open}«one\ntwo»${close}`)).toBe('x «one\ntwo»');
      });
      it('toggles off when the marks are inside the selection', () => {
        expect(apply(id, `a «${open}word${close}» b`)).toBe('a «word» b');
        expect(apply(id, `«${open}all${close}»`)).toBe('«all»');
      });
      it('a second press undoes the first', () => {
        const once = applyMarkdown(mappingById(id)!, parse('a «b» c'))!;
        expect(show(applyMarkdown(mappingById(id)!, once))).toBe('a «b» c');
      });
      it('keeps whitespace at the ends of the selection outside the marks', () => {
        expect(apply(id, 'a« word »b')).toBe(`a ${open}«word»${close} b`);
      });
    });
  }

  it('tells marks of one character apart: bold and italic, strike and centre stack', () => {
    expect(apply('italic', '__«x»__')).toBe('___«x»___');
    expect(apply('bold', '_«x»_')).toBe('___«x»___');
    expect(apply('italic', '___«x»___')).toBe('__«x»__');
    expect(apply('bold', '___«x»___')).toBe('_«x»_');
    expect(apply('strikethrough', '~~~«x»~~~')).toBe('~~~~~«x»~~~~~');
    expect(apply('center', '~~«x»~~')).toBe('~~~~~«x»~~~~~');
    expect(apply('center', '~~~~~«x»~~~~~')).toBe('~~«x»~~');
    expect(apply('strikethrough', '~~~~~«x»~~~~~')).toBe('~~~«x»~~~');
    expect(apply('italic', '«__x__»')).toBe('_«__x__»_');
    expect(apply('code', '``«x»``')).toBe('```«x»```');
  });

  it('only removes marks that wrap the selection on both sides', () => {
    expect(apply('bold', '__«x» y')).toBe('____«x»__ y');
    expect(apply('spoiler', '~!«x» y')).toBe('~!~!«x»!~ y');
  });
});

describe('link', () => {
  it('makes an http(s) selection the target, with the caret in the text', () => {
    expect(apply('link', 'see «https://anilist.co/user/x» now')).toBe('see [|](https://anilist.co/user/x) now');
    expect(apply('link', '«http://a.example»')).toBe('[|](http://a.example)');
  });
  it('makes any other selection the text, with the caret in the target', () => {
    expect(apply('link', 'a «my profile» b')).toBe('a [my profile](|) b');
    expect(apply('link', '«anilist.co»')).toBe('[anilist.co](|)');
    expect(apply('link', '«ftp://x.example»')).toBe('[ftp://x.example](|)');
    expect(apply('link', '«two\nlines»')).toBe('[two\nlines](|)');
  });
  it('on an empty selection inserts an empty link with the caret in the target', () => {
    expect(apply('link', 'x |')).toBe('x [](|)');
    expect(apply('link', '|')).toBe('[](|)');
  });
  it('toggles off a link with nothing filled in', () => {
    expect(apply('link', 'a [«text»]() b')).toBe('a «text» b');
    expect(apply('link', '[](«https://a.example»)')).toBe('«https://a.example»');
  });
});

describe('image', () => {
  it('wraps with the paste image width', () => {
    expect(apply('image', 'x «https://i.example/a.png» y')).toBe('x img420(«https://i.example/a.png») y');
    expect(apply('image', '«a.png»', 220)).toBe('img220(«a.png»)');
    expect(apply('image', '|')).toBe('img420(|)');
  });
  it('toggles off whatever the width', () => {
    expect(apply('image', 'img220(«a.png»)')).toBe('«a.png»');
    expect(apply('image', 'img50%(«a.png»)')).toBe('«a.png»');
    expect(apply('image', 'x img(«a.png»)')).toBe('x «a.png»');
    expect(apply('image', '«img 300(a.png)»')).toBe('«a.png»');
  });
});

describe('video commands', () => {
  const youtube = [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'http://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtube.com/shorts/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'youtu.be/dQw4w9WgXcQ',
  ];
  it('YouTube wraps only watch, embed, shorts and youtu.be links', () => {
    for (const url of youtube) expect(apply('youtube', `x «${url}» y`), url).toBe(`x youtube(«${url}») y`);
    for (const url of [
      'https://vimeo.com/1',
      'https://www.youtube.com/',
      'https://www.youtube.com/@channel',
      'dQw4w9WgXcQ',
      'see https://youtu.be/dQw4w9WgXcQ',
      'javascript:alert(1)',
    ])
      expect(apply('youtube', `«${url}»`), url).toBeNull();
  });
  it('WebM wraps only http(s) links ending in webm or mp4', () => {
    expect(apply('webm', '«https://v.example/a.webm»')).toBe('webm(«https://v.example/a.webm»)');
    expect(apply('webm', 'x «http://v.example/b.MP4» y')).toBe('x webm(«http://v.example/b.MP4») y');
    for (const url of [
      'https://v.example/a.gif',
      'ftp://v.example/a.webm',
      'v.example/a.webm',
      'https://v.example/a.webm?x=1',
      'javascript:a.webm',
    ])
      expect(apply('webm', `«${url}»`), url).toBeNull();
  });
  it('do nothing on an empty selection', () => {
    expect(apply('youtube', 'x |')).toBeNull();
    expect(apply('webm', '|')).toBeNull();
  });
  it('toggle off when already wrapped', () => {
    expect(apply('youtube', 'youtube(«https://youtu.be/dQw4w9WgXcQ»)')).toBe('«https://youtu.be/dQw4w9WgXcQ»');
    expect(apply('webm', '«webm(https://v.example/a.webm)»')).toBe('«https://v.example/a.webm»');
  });
  it('ignore whitespace around the link', () => {
    expect(apply('webm', 'a« https://v.example/a.webm\n»b')).toBe('a webm(«https://v.example/a.webm»)\nb');
  });
});

describe('header', () => {
  it('adds a mark and a space at the start of the line, keeping the selection', () => {
    expect(apply('header', 'Title|')).toBe('# Title|');
    expect(apply('header', 'one\nt«w»o\nthree')).toBe('one\n# t«w»o\nthree');
    expect(apply('header', '|')).toBe('# |');
  });
  it('repeated presses add marks up to 5, then nothing', () => {
    let state: TextState | null = parse('Ti|tle');
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      state = applyMarkdown(mappingById('header')!, state!);
      seen.push(show(state)!);
    }
    expect(seen).toEqual(['# Ti|tle', '## Ti|tle', '### Ti|tle', '#### Ti|tle', '##### Ti|tle']);
    expect(applyMarkdown(mappingById('header')!, state!)).toBeNull();
  });
  it('counts marks written without a space', () => {
    expect(apply('header', '##x|')).toBe('###x|');
  });
  it('acts on the first line of a multi-line selection only', () => {
    expect(apply('header', 'a«b\ncd»')).toBe('# a«b\ncd»');
  });
  it('works on the last line, without a newline at the end', () => {
    expect(apply('header', 'a\n«b»')).toBe('a\n# «b»');
  });
});

describe('lists and quotes', () => {
  it('prefix every selected line', () => {
    expect(apply('unordered-list', 'x\n«one\ntwo»\ny')).toBe('x\n- «one\n- two»\ny');
    expect(apply('quote', '«one\ntwo»')).toBe('> «one\n> two»');
    expect(apply('ordered-list', '«one\ntwo\nthree»')).toBe('1. «one\n2. two\n3. three»');
  });
  it('take in whole lines when the selection starts mid-line', () => {
    expect(apply('unordered-list', 'on«e\ntw»o')).toBe('- on«e\n- tw»o');
  });
  it('on an empty selection prefix the caret line', () => {
    expect(apply('quote', 'a\nb|c\nd')).toBe('a\n> b|c\nd');
    expect(apply('unordered-list', '|')).toBe('- |');
    expect(apply('ordered-list', 'x|')).toBe('1. x|');
  });
  it('skip blank lines between items', () => {
    expect(apply('unordered-list', '«a\n\nb»')).toBe('- «a\n\n- b»');
  });
  it('do not take in the line after a selection that ends with a newline', () => {
    expect(apply('quote', '«a\n»b')).toBe('> «a\n»b');
  });
  it('toggle off when every line has the mark', () => {
    expect(apply('unordered-list', '- «one\n- two»')).toBe('«one\ntwo»');
    expect(apply('quote', '> «one\n>two»')).toBe('«one\ntwo»');
    expect(apply('ordered-list', '1. «one\n2. two»')).toBe('«one\ntwo»');
    expect(apply('quote', '> a|')).toBe('a|');
  });
  it('add the mark to the lines missing it when only some have it', () => {
    expect(apply('unordered-list', '- «one\ntwo»')).toBe('- «one\n- two»');
  });
  it('at the start and the end of the text', () => {
    expect(apply('quote', '«first»\nsecond')).toBe('> «first»\nsecond');
    expect(apply('quote', 'first\n«last»')).toBe('first\n> «last»');
  });
});

describe('textEdit', () => {
  it('finds the smallest replacement', () => {
    expect(textEdit('a b c', 'a __b__ c')).toEqual({ start: 2, end: 3, text: '__b__' });
    expect(textEdit('a b c', 'a __b c')).toEqual({ start: 2, end: 2, text: '__' });
    expect(textEdit('a __b__ c', 'a b c')).toEqual({ start: 2, end: 7, text: 'b' });
    expect(textEdit('x', 'x')).toEqual({ start: 1, end: 1, text: '' });
    expect(textEdit('', 'abc')).toEqual({ start: 0, end: 0, text: 'abc' });
    expect(textEdit('aaa', 'aaaa')).toEqual({ start: 3, end: 3, text: 'a' });
  });
  it('applied, gives the new text', () => {
    for (const [a, b] of [
      ['one\ntwo', '- one\n- two'],
      ['__x__', 'x'],
      ['ab', 'ba'],
      ['hello', ''],
    ]) {
      const e = textEdit(a!, b!);
      expect(a!.slice(0, e.start) + e.text + a!.slice(e.end)).toBe(b);
    }
  });
});
