import { readFileSync } from 'node:fs';

/**
 * Packages npm publishes only as minified builds, bundled from their authors' sources instead
 * (tsup.config.ts), since code review rules for userscript hosts treat minified code as
 * unreviewable. marked and tinykeys carry their TypeScript sources inside their builds' source maps
 * (`sourcesContent`); cmdk carries none, so its sources are kept in vendor/cmdk/.
 */
export const FROM_SOURCE_MAP: Readonly<Record<string, { map: string; entry: string; modules?: Record<string, string> }>> = {
  marked: {
    map: 'lib/marked.esm.js.map',
    // Not marked.ts, which makes a default Marked instance (Instance.ts: extension merging, async
    // paths, walkTokens) as it loads: the script renders through marked's Lexer and Parser
    // (src/data/markdown-render.ts) and never uses it. A name src/ imports from marked that is not
    // here fails the build; the types come from the package as always.
    entry: 'script-parts.ts',
    modules: {
      'script-parts.ts': [
        "export { _getDefaults as getDefaults } from './defaults.ts';",
        "export { _Lexer as Lexer } from './Lexer.ts';",
        "export { _Parser as Parser } from './Parser.ts';",
        "export { _Tokenizer as Tokenizer } from './Tokenizer.ts';",
      ].join('\n'),
    },
  },
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
