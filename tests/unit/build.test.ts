import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PORTED_PACKAGES, bundledPackageNames, copyrightLines, licenseNotice, packageOf, readPackage } from '../../build/licenses';
import { authorUrl, metadataBlock, projectUrl, repositoryWebUrl, type PackageFields } from '../../build/metadata';

/** The userscript as shipped (npm test builds it before running this). */
const path = new URL('../../dist/voidverified.user.js', import.meta.url);
const metaPath = new URL('../../dist/voidverified.meta.js', import.meta.url);

describe('the built userscript', () => {
  it('exists (run `npm run build` first)', () => expect(existsSync(path)).toBe(true));
  const script = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const header = script.slice(0, script.indexOf('// ==/UserScript==') + 18);
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as PackageFields;

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
    for (const host of ['graphql.anilist.co', 'catbox.moe', 'api.imgbb.com', 'api.imgur.com'])
      expect(header).toContain(`@connect     ${host}`);
    expect(header).not.toContain('@require');
    expect(readFileSync(metaPath, 'utf8').trim()).toBe(header);
  });

  it('carries the metadata of this package.json, and no address while it names none', () => {
    expect(header, 'The built header should be metadataBlock() of package.json').toBe(metadataBlock(pkg));
    if (!pkg.homepage && !pkg.repository) {
      for (const key of ['@homepageURL', '@downloadURL', '@updateURL'])
        expect(header, `Without homepage or repository the header has no ${key}`).not.toContain(key);
      expect(script, 'Without an address the script links to no made-up project page').not.toMatch(/github\.com\/voidverified-palette/);
    }
  });

  it('exposes nothing to the page: no test hook in the shipped file; the test build beside it has one', () => {
    // A page script could read our store (every stored value, secrets included) through a global.
    expect(script).not.toContain('__voidVerified');
    expect(script).toMatch(/function exposeTestHooks\(_hooks\) \{\s*\}/);
    const testPath = new URL('../../dist/test/voidverified.user.js', import.meta.url);
    expect(existsSync(testPath), 'npm run build writes the test build to dist/test/ too').toBe(true);
    const testBuild = readFileSync(testPath, 'utf8');
    expect(testBuild).toContain('window.__voidVerified = hooks;');
    expect(testBuild.slice(0, header.length)).toBe(header);
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

describe('the licence notice', () => {
  it('credits every package with code in the built script, and those ported into src/: version, licence and copyright, before the code', () => {
    const script = readFileSync(path, 'utf8');
    const meta = JSON.parse(readFileSync(new URL('../../dist/metafile-iife.json', import.meta.url), 'utf8')) as Parameters<
      typeof bundledPackageNames
    >[0];
    const names = [...bundledPackageNames(meta), ...PORTED_PACKAGES];
    expect(names).toEqual(expect.arrayContaining(['@codemirror/view', 'cmdk', 'dompurify', 'marked', 'preact', 'tinykeys']));
    const notice = script.slice(script.indexOf('// ==/UserScript=='), script.indexOf('"use strict"'));
    const nodeModules = new URL('../../node_modules', import.meta.url).pathname;
    for (const name of names) {
      const pkg = readPackage(nodeModules, name);
      expect(notice, name).toContain(`${name} ${pkg.version}`);
      for (const line of pkg.copyright) expect(notice, name).toContain(line);
    }
    expect(notice).toContain('The above copyright notice and this permission notice shall be included');
  });

  it('names the package of every kind of input: installed, from a source map, vendored', () => {
    expect(packageOf('node_modules/@codemirror/view/dist/index.js')).toBe('@codemirror/view');
    expect(packageOf('node_modules/react-remove-scroll/node_modules/tslib/tslib.es6.mjs')).toBe('tslib');
    expect(packageOf('marked-src:Lexer.ts')).toBe('marked');
    expect(packageOf('tinykeys-src:tinykeys.ts')).toBe('tinykeys');
    expect(packageOf('vendor/cmdk/index.tsx')).toBe('cmdk');
    expect(packageOf('src/main.tsx')).toBeUndefined();
    expect(packageOf('tidy-css:src/panels/common/base.css:tidied')).toBeUndefined();
  });

  it('reads copyright lines, not the word in licence terms', () => {
    expect(copyrightLines('MIT\n\nCopyright (c) 2020 A\n  Copyright \u00a9 2004, B\nthe copyright owner grants')).toEqual([
      'Copyright (c) 2020 A',
      'Copyright (c) 2004, B',
    ]);
  });

  it('groups packages under a shared licence and copyright, and names where other licences are published', () => {
    const notice = licenseNotice([
      { name: 'a', version: '1.0.0', license: 'MIT', copyright: ['Copyright (c) X'] },
      { name: 'b', version: '2.0.0', license: 'MIT', copyright: ['Copyright (c) X'] },
      { name: 'c', version: '3.0.0', license: '(MPL-2.0 OR Apache-2.0)', copyright: ['Copyright (c) Y'] },
    ]);
    expect(notice).toContain('//   MIT, Copyright (c) X:\n//     a 1.0.0, b 2.0.0\n');
    expect(notice).toContain('//   MPL-2.0 OR Apache-2.0, Copyright (c) Y:\n//     c 3.0.0\n');
    expect(notice).toContain('// MPL-2.0 OR Apache-2.0: https://mozilla.org/MPL/2.0/');
    expect(notice.split('\n').every((line) => line === '' || line.startsWith('//'))).toBe(true);
  });
});

describe('the metadata block', () => {
  const base: PackageFields = { version: '1.2.3', description: 'Test build' };
  const line = (block: string, key: string) =>
    block
      .split('\n')
      .find((l) => l.startsWith(`// @${key} `))
      ?.replace(/^\/\/ @\S+\s+/, '');

  it('with homepage and a GitHub repository: homepage, download and update addresses of the latest release', () => {
    const block = metadataBlock({
      ...base,
      homepage: 'https://example.org/palette',
      repository: { type: 'git', url: 'git+https://github.com/someone/palette.git' },
    });
    expect(line(block, 'homepageURL'), 'homepageURL is package.json homepage').toBe('https://example.org/palette');
    expect(line(block, 'downloadURL'), 'downloadURL is the latest release asset').toBe(
      'https://github.com/someone/palette/releases/latest/download/voidverified.user.js',
    );
    expect(line(block, 'updateURL'), 'updateURL is the latest release meta file').toBe(
      'https://github.com/someone/palette/releases/latest/download/voidverified.meta.js',
    );
    expect(line(block, 'namespace'), 'the namespace does not follow the addresses (a changed one installs a second copy)').toBe(
      'voidverified-palette',
    );
    expect(line(block, 'version')).toBe('1.2.3');
  });

  it('with neither homepage nor repository: none of the three lines, and a neutral namespace', () => {
    const block = metadataBlock(base);
    for (const key of ['homepageURL', 'downloadURL', 'updateURL']) expect(line(block, key), `${key} is left out`).toBeUndefined();
    expect(line(block, 'namespace'), 'the namespace claims no organisation').toBe('voidverified-palette');
    expect(block, 'unsafeWindow is granted: the host router in an isolated world').toMatch(/^\/\/ @grant\s+unsafeWindow$/m);
    expect(block.split('\n')[0]).toBe('// ==UserScript==');
    expect(block.split('\n').at(-1)).toBe('// ==/UserScript==');
  });

  it('with a repository only: release addresses, no homepageURL', () => {
    const block = metadataBlock({ ...base, repository: 'github:someone/palette' });
    expect(line(block, 'homepageURL')).toBeUndefined();
    expect(line(block, 'downloadURL')).toBe('https://github.com/someone/palette/releases/latest/download/voidverified.user.js');
    expect(line(block, 'namespace')).toBe('voidverified-palette');
  });

  it('with a repository whose releases it cannot locate (not GitHub): no download or update address', () => {
    const block = metadataBlock({ ...base, repository: 'https://gitlab.com/someone/palette' });
    expect(line(block, 'downloadURL'), 'no guessed release address on other hosts').toBeUndefined();
    expect(line(block, 'updateURL')).toBeUndefined();
  });

  it.each([
    ['someone/palette', 'https://github.com/someone/palette'],
    ['github:someone/palette', 'https://github.com/someone/palette'],
    ['gitlab:someone/palette', 'https://gitlab.com/someone/palette'],
    ['https://github.com/someone/palette', 'https://github.com/someone/palette'],
    ['https://github.com/someone/palette/', 'https://github.com/someone/palette'],
    ['git+https://github.com/someone/palette.git', 'https://github.com/someone/palette'],
    ['git+ssh://git@github.com/someone/palette.git', 'https://github.com/someone/palette'],
    ['git://github.com/someone/palette.git', 'https://github.com/someone/palette'],
    ['git@github.com:someone/palette.git', 'https://github.com/someone/palette'],
    ['', undefined],
  ])('reads the repository %j as %s', (repository, web) => {
    expect(repositoryWebUrl(repository)).toBe(web);
    expect(repositoryWebUrl({ url: repository })).toBe(web);
  });

  it("links the settings header to the author's address, else the homepage, else the repository, else nothing (issue 29)", () => {
    const base = { version: '1.0.0', description: 'd' };
    expect(authorUrl({ name: 'A', url: 'https://a.example' })).toBe('https://a.example');
    expect(authorUrl('A <a@example.org> (https://a.example/me)')).toBe('https://a.example/me');
    expect(authorUrl('A <a@example.org>')).toBeUndefined();
    expect(authorUrl({ url: 'javascript:alert(1)' })).toBeUndefined();
    expect(projectUrl({ ...base, author: { url: 'https://a.example' }, homepage: 'https://h.example' })).toBe('https://a.example');
    expect(projectUrl({ ...base, author: 'A', homepage: 'https://h.example' })).toBe('https://h.example');
    expect(projectUrl({ ...base, repository: 'github:o/n' })).toBe('https://github.com/o/n');
    expect(projectUrl(base)).toBe('');
  });

  it('keeps every style sheet ASCII: one other character makes the whole sheet a two-byte string in memory', () => {
    const sheets = readdirSync(new URL('../../src/', import.meta.url), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.css'),
    );
    expect(sheets.length).toBeGreaterThan(0);
    const offending = sheets.filter((f) => /[^\x00-\x7f]/.test(readFileSync(new URL(`../../src/${f}`, import.meta.url), 'utf8')));
    expect(offending, 'write such characters as CSS escapes (\\2713)').toEqual([]);
  });
});
