/**
 * The on/off options the userscript registers, read from its sources in Node (the sandbox's
 * "Switch every feature on" and the bench's every-feature-on runs): the features and the registry
 * are bundled by esbuild (style sheets as text, as the build loads them) and registered as the
 * script does at start-up. The shipped script exposes nothing to the page to read them from.
 */
import { build } from 'esbuild';

const SRC = new URL('../../src/', import.meta.url).pathname;

const ENTRY = `import { features } from './commands/features';
import { Registry } from './commands/registry';
export function booleanOptionKeys() {
  const registry = new Registry();
  for (const feature of features) registry.define(feature);
  return registry.options().filter((o) => typeof o.default === 'boolean').map((o) => o.key);
}`;

let loaded: Promise<string[]> | undefined;

/** The keys of every option whose default is a boolean (a feature or a part switched on or off). */
export function booleanOptionKeys(): Promise<string[]> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<string[]> {
  const out = await build({
    stdin: { contents: ENTRY, resolveDir: SRC, loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    loader: { '.css': 'text' },
    logLevel: 'silent',
    define: { __VERSION__: '"sandbox"', __HOMEPAGE__: '""', 'process.env.NODE_ENV': '"production"' },
  });
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.text).toString('base64')}`;
  const bundle = (await import(url)) as { booleanOptionKeys(): string[] };
  return bundle.booleanOptionKeys();
}
