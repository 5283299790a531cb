import { describe, expect, it } from 'vitest';
import { decodeSegment, rgbTriple, safeUrl, type UrlKind } from '../../src/data/guards';
import { profileCss } from '../../src/data/verified-users-styles';
import { addUser } from '../../src/data/verified-users';

describe('rgbTriple: the only form a colour reaches CSS in', () => {
  it.each([
    ['192, 99, 255', '192, 99, 255'],
    ['0,0,0', '0, 0, 0'],
    ['  61 , 180 ,242 ', '61, 180, 242'],
  ])('accepts %j as %j', (input, out) => expect(rgbTriple(input)).toBe(out));

  it.each([
    '0,0,0)}*{display:none}a{b:c(',
    '256, 0, 0',
    '1, 2',
    '1, 2, 3, 4',
    '-1, 2, 3',
    '1.5, 2, 3',
    '#ff0000',
    'red',
    '',
    '1,2,3;',
    `1, 2, 3${' '.repeat(40)}`,
  ])('refuses %j', (input) => expect(rgbTriple(input)).toBeNull());

  it('refuses what is not a string', () => {
    for (const v of [null, undefined, 3, {}, ['1', '2', '3']]) expect(rgbTriple(v)).toBeNull();
  });
});

describe('decodeSegment', () => {
  it('decodes, and keeps a malformed escape as written', () => {
    expect(decodeSegment('J%C3%A9r%C3%B4me')).toBe('Jérôme');
    expect(decodeSegment('%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodeSegment('%')).toBe('%');
  });

  it('lets the profile sign rule read any address', () => {
    const global = { get: (key: string) => key === 'enabledForProfileName' };
    const users = addUser([], 'Akira');
    expect(() => profileCss(users, global, '/user/%E0%A4%A/')).not.toThrow();
    expect(profileCss(users, global, '/user/%E0%A4%A/')).toBe('');
    expect(profileCss(users, global, '/user/%41kira/')).toContain('h1.name::after');
  });
});

describe('a verified user colour reaches CSS only as a checked triple', () => {
  it('a stored colour that would break out of the rule falls back to the default', async () => {
    const { highlightCss, usernameCss } = await import('../../src/data/verified-users-styles');
    const { DEFAULT_COLOR } = await import('../../src/data/verified-users');
    const global = { get: (key: string) => key === 'copyColorFromProfile' || key === 'enabledForUsername' || key === 'highlightEnabled' };
    const evil = { ...addUser([], 'Mallory')[0]!, color: '0,0,0)}*{display:none}a{b:c(' };
    const css = usernameCss([evil], global) + highlightCss([evil], global);
    expect(css).not.toContain('display:none');
    expect(css).toContain(`rgb(${DEFAULT_COLOR})`);
    const good = { ...evil, color: '192,99,255' };
    expect(usernameCss([good], global)).toContain('rgb(192, 99, 255)');
  });
});

/**
 * The URL rule. The sanitizer that applies the 'link' and 'source' kinds (DOMPurify with the host's
 * allow-list) is tested with the XSS vectors in Chromium by tests/e2e/markdown.spec.ts: happy-dom
 * cannot host DOMPurify faithfully.
 */
describe('safeUrl: the one rule for a URL that becomes an src or href', () => {
  const kinds: readonly UrlKind[] = ['link', 'source', 'image'];
  /** [value, accepted as link, as source, as image] */
  const rows: readonly (readonly [unknown, boolean, boolean, boolean])[] = [
    // What AniList and its users really use
    ['https://s4.anilist.co/file/a.png', true, true, true],
    ['http://x.example/a.gif', true, true, true],
    ['HTTPS://A.EXAMPLE/x', true, true, true],
    ['  https://a.example/x  ', true, true, true],
    ['https://a.example/x?y=1&z=2#f', true, true, true],
    ['//a.example/x.png', true, true, false],
    ['/user/x', true, true, false],
    ['/anime/1/Title/', true, true, false],
    ['x.png', true, true, false],
    ['#top', true, true, false],
    ['?q=1', true, true, false],
    ['a/b:c', true, true, false],
    ['mailto:a@b.example', true, false, false],
    ['MAILTO:a@b.example', true, false, false],
    // Script, data and other schemes, in every casing and with the characters browsers skip
    ['javascript:alert(1)', false, false, false],
    ['JAVASCRIPT:x', false, false, false],
    ['JaVaScRiPt:x', false, false, false],
    [' javascript:x', false, false, false],
    ['java\tscript:x', false, false, false],
    ['java\nscript:x', false, false, false],
    ['java\rscript:x', false, false, false],
    ['\u0001javascript:x', false, false, false],
    ['\u0000javascript:x', false, false, false],
    ['\u00a0javascript:x', false, false, false],
    ['javascript\u200b:x', false, false, false],
    ['\ufeffjavascript:x', false, false, false],
    ['javascript:alert(1)//.png', false, false, false],
    ['data:text/html,<script>alert(1)</script>', false, false, false],
    ['data:image/png;base64,AAAA', false, false, false],
    ['DaTa:image/svg+xml,x', false, false, false],
    ['vbscript:msgbox(1)', false, false, false],
    ['VBScript:x', false, false, false],
    ['file:///etc/passwd', false, false, false],
    ['blob:https://a.example/x', false, false, false],
    // Schemes written with character references, or hidden before the first slash
    ['&#106;avascript:alert(1)', false, false, false],
    ['&#x6A;avascript&#x3A;alert(1)', false, false, false],
    ['javascript&colon;alert(1)', false, false, false],
    [':x', false, false, false],
    // Values that would leave an attribute or a CSS url("…")
    ['https://x.example/a") ; b', true, true, false],
    ["https://x.example/a'b", true, true, false],
    ['https://x.example/a b', true, true, false],
    ['https://x.example/a\\b', true, true, false],
    ['https://x.example/<b>', true, true, false],
    ['https://x.example/a\nb', true, true, false],
    // Not URLs at all
    ['https://', true, true, false],
    ['', false, false, false],
    ['   ', false, false, false],
    [null, false, false, false],
    [undefined, false, false, false],
    [42, false, false, false],
  ];

  it.each(rows)('%j → link %s, source %s, image %s', (value, ...expected) => {
    kinds.forEach((kind, i) => expect(safeUrl(value, kind) !== undefined, kind).toBe(expected[i]));
  });

  it('returns the value trimmed', () => {
    expect(safeUrl('  https://a.example/x.png\n', 'image')).toBe('https://a.example/x.png');
    expect(safeUrl(' /user/x ', 'link')).toBe('/user/x');
  });
});
