import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * vendor/ keeps the sources of packages npm publishes only as minified builds (the userscript
 * bundles these instead). Each folder's README names the tag and the hash of every file: the
 * sources must stay the ones of the version package.json installs, unchanged.
 */

const VENDOR = resolve(__dirname, '../../vendor');
const pkg = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe.each(readdirSync(VENDOR))('vendor/%s', (name) => {
  const dir = resolve(VENDOR, name);
  const readme = readFileSync(resolve(dir, 'README.md'), 'utf8');

  it('holds the sources of the version package.json installs', () => {
    const tag = /\| tag \| `v([^`]+)` \|/.exec(readme)?.[1];
    expect(tag, 'the README names the tag').toBeDefined();
    expect(pkg.dependencies[name], `package.json's ${name} is the vendored tag: update both together`).toBe(tag);
    const installed = JSON.parse(readFileSync(resolve(__dirname, '../../node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe(tag);
  });

  it('holds them unchanged: every source file has the hash its README names', () => {
    const sources = readdirSync(dir).filter((f) => /\.(tsx?|jsx?|mjs)$/.test(f));
    expect(sources.length).toBeGreaterThan(0);
    for (const file of sources) {
      const hash = createHash('sha256')
        .update(readFileSync(resolve(dir, file)))
        .digest('hex');
      expect(readme, `${file} has sha256 ${hash}, which the README does not name`).toContain(`| \`${file}\` sha256 | \`${hash}\` |`);
    }
  });

  it('carries its licence', () => {
    expect(readdirSync(dir).some((f) => /^licen[cs]e/i.test(f))).toBe(true);
  });
});
