import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The licences of the libraries bundled into the userscript. The build drops every comment (the
 * libraries' licence comments included), so the script credits them in one notice instead, right
 * after its metadata block: each package with its version, licence and copyright lines, then the
 * MIT permission notice once for the packages under MIT. Only packages with code in the output
 * count (a package whose every export was tree-shaken away ships nothing).
 */

export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  copyright: string[];
}

interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/**
 * The package an input path of the metafile belongs to. Some are bundled from their sources rather
 * than their published builds (tsup.config.ts): from a source map (`marked-src:Lexer.ts`) or from
 * vendor/ (`vendor/cmdk/index.tsx`).
 */
export function packageOf(input: string): string | undefined {
  return (
    /^([\w.-]+)-src:/.exec(input)?.[1] ??
    /(?:^|\/)vendor\/([\w.-]+)\//.exec(input)?.[1] ??
    // The innermost node_modules: a package npm nests inside another is its own package.
    [...input.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1)?.[1]
  );
}

/** The names of the packages with bytes in the output, sorted. */
export function bundledPackageNames(meta: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(meta.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = packageOf(input);
      if (name && bytesInOutput > 0) names.add(name);
    }
  return [...names].sort();
}

/**
 * Packages whose code ships ported into src/ instead of bundled, credited as bundled ones are:
 * lz-string, whose compressor and decompressor src/data/lz-compress.ts and lz-decompress.ts follow
 * step for step (the package stays installed for the tests that compare them).
 */
export const PORTED_PACKAGES: readonly string[] = ['lz-string'];

/** `Copyright (c) …` lines of a licence text (not the word inside the licence's terms). */
export function copyrightLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^copyright\s+(?:\(c\)|\u00a9|\d)/i.test(line))
    .map((line) => line.replace(/\u00a9/g, '(c)'));
}

/** Version, licence and copyright of an installed package (its author when its licence file names no one). */
export function readPackage(nodeModules: string, name: string): BundledPackage {
  const dir = join(nodeModules, name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
    license?: string;
    author?: string | { name?: string };
  };
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  let copyright = file ? copyrightLines(readFileSync(join(dir, file), 'utf8')) : [];
  if (!copyright.length) {
    const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
    copyright = author ? [`Copyright (c) ${author}`] : [];
  }
  return { name, version: pkg.version, license: pkg.license ?? 'see its package', copyright };
}

const MIT = `Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

/** Licences other than MIT, with where their full text is published. */
const LICENSE_TEXTS: Record<string, string> = {
  '0BSD': 'https://opensource.org/license/0bsd',
  '(MPL-2.0 OR Apache-2.0)': 'https://mozilla.org/MPL/2.0/ or https://www.apache.org/licenses/LICENSE-2.0',
};

/** Words joined with ', ' into lines of at most `width` characters. */
function wrap(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length ? lines[lines.length - 1]! : undefined;
    if (last !== undefined && last.length + word.length + 2 <= width) lines[lines.length - 1] = `${last}, ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The notice: comment lines, ASCII only. Packages sharing a licence and copyright holders are
 * listed together under them (the CodeMirror and Radix families share theirs).
 */
export function licenseNotice(packages: readonly BundledPackage[]): string {
  const groups = new Map<string, string[]>();
  for (const p of packages) {
    const license = p.license.replace(/^\((.*)\)$/, '$1');
    const head = `${license}, ${p.copyright.join('; ') || 'no copyright line published'}:`;
    groups.set(head, [...(groups.get(head) ?? []), `${p.name} ${p.version}`]);
  }
  const lines = ['Bundled libraries, by licence and copyright:'];
  for (const [head, names] of groups) lines.push(`  ${head}`, ...wrap(names, 96).map((line) => `    ${line}`));
  const others = [...new Set(packages.map((p) => p.license).filter((l) => l !== 'MIT'))];
  for (const license of others) lines.push(`${license.replace(/^\((.*)\)$/, '$1')}: ${LICENSE_TEXTS[license] ?? 'see the package'}`);
  if (packages.some((p) => p.license === 'MIT')) lines.push('', 'The MIT licence:', '', ...MIT.split('\n'));
  return lines.map((line) => (line ? `// ${line}` : '//')).join('\n') + '\n';
}

/** The script with the notice right after its metadata block (which must stay line 1). */
export function withLicenseNotice(script: string, notice: string): string {
  const end = script.indexOf('// ==/UserScript==');
  const cut = end < 0 ? 0 : script.indexOf('\n', end) + 1;
  return script.slice(0, cut) + notice + script.slice(cut);
}
