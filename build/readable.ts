import { readFileSync } from 'node:fs';

/**
 * Packages npm publishes only as minified builds, bundled from their authors' sources instead
 * (tsup.config.ts), since code review rules for userscript hosts treat minified code as
 * unreviewable. marked and tinykeys carry their TypeScript sources inside their builds' source maps
 * (`sourcesContent`); cmdk carries none, so its sources are kept in vendor/cmdk/.
 */
export const FROM_SOURCE_MAP: Readonly<Record<string, { map: string; entry: string }>> = {
  marked: { map: 'lib/marked.esm.js.map', entry: 'marked.ts' },
  tinykeys: { map: 'dist/tinykeys.module.js.map', entry: 'tinykeys.ts' },
};

/** A package's sources from its build's source map, by path below its `src/`. */
export function sourcesFromMap(nodeModules: string, name: string): Map<string, string> {
  const spec = FROM_SOURCE_MAP[name];
  if (!spec) throw new Error(`${name}: not bundled from a source map`);
  const parsed = JSON.parse(readFileSync(`${nodeModules}/${name}/${spec.map}`, 'utf8')) as {
    sources: string[];
    sourcesContent?: (string | null)[];
  };
  if (!parsed.sourcesContent) throw new Error(`${name}: its source map carries no sources to bundle`);
  return new Map(parsed.sources.map((path, i) => [path.replace(/^.*\/src\//, ''), parsed.sourcesContent![i] ?? '']));
}
