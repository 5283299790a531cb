import { describe, expect, it } from 'vitest';
import { decodeSegment, rgbTriple } from '../../src/data/guards';
import { profileCss } from '../../src/data/verified-styles';
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
    const { highlightCss, usernameCss } = await import('../../src/data/verified-styles');
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
