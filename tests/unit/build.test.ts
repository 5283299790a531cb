import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The userscript as shipped (npm test builds it before running this). */
const path = new URL('../../dist/voidverified.user.js', import.meta.url);
const metaPath = new URL('../../dist/voidverified.meta.js', import.meta.url);

describe('the built userscript', () => {
  it('exists (run `npm run build` first)', () => expect(existsSync(path)).toBe(true));
  const script = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const header = script.slice(0, script.indexOf('// ==/UserScript==') + 18);
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

  it('starts with the metadata block on line 1, outside the IIFE', () => {
    expect(script.split('\n')[0]).toBe('// ==UserScript==');
    expect(header).toContain('// ==/UserScript==');
    expect(script.indexOf('(() => {')).toBeGreaterThan(header.length - 1);
  });

  it('declares what managers need', () => {
    expect(header).toMatch(/@match\s+https:\/\/anilist\.co\/\*/);
    expect(header).toMatch(new RegExp(`@version\\s+${pkg.version.replace(/\./g, '\\.')}\\n`));
    for (const g of ['getValue', 'setValue', 'deleteValue', 'listValues', 'addValueChangeListener']) {
      expect(header).toContain(`@grant       GM_${g}`);
      expect(header).toContain(`@grant       GM.${g}`);
    }
    expect(header).toContain('@grant       GM_xmlhttpRequest');
    expect(header).toContain('@grant       GM.xmlHttpRequest');
    for (const host of ['graphql.anilist.co', 'catbox.moe', 'api.imgbb.com', 'api.imgur.com']) expect(header).toContain(`@connect     ${host}`);
    expect(header).toMatch(/@downloadURL\s+https:\/\/\S+voidverified\.user\.js/);
    expect(header).toMatch(/@updateURL\s+https:\/\/\S+voidverified\.meta\.js/);
    expect(header).not.toContain('@require');
    expect(readFileSync(metaPath, 'utf8').trim()).toBe(header);
  });

  it("ships React's production build, unminified, ASCII only", () => {
    expect(script).not.toContain('react-dom.development');
    expect(script).not.toMatch(/process\.env\.NODE_ENV/);
    expect(script.split('\n').length).toBeGreaterThan(10_000);
    // Strings are escaped; only comments (which do not run) may keep other characters.
    const code = script
      .slice(header.length)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split('\n')
      .filter((line) => !/^\s*\/\//.test(line));
    expect(code.filter((line) => /[^\x00-\x7f]/.test(line))).toEqual([]);
  });
});
