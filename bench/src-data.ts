/**
 * What src/data declares, read from its modules in Node: every storage key (with its stated cap)
 * and every GraphQL document (with a read's lifetime). The modules are bundled by esbuild first:
 * some of their dependencies are CommonJS packages that Node's own ESM loader cannot name-import.
 */
import { readdirSync } from 'node:fs';
import { build } from 'esbuild';

interface DeclaredKey {
  name: string;
  cap: string | null;
  /** The entries (or characters) the cap allows; null for a fixed shape or no cap. */
  max: number | null;
}

export interface DeclaredDocument {
  name: string;
  kind: 'query' | 'mutation';
  /** A read's lifetime in ms (0: never reused); null for a mutation. */
  lifetime: number | null;
}

export interface SrcData {
  keys: DeclaredKey[];
  documents: Map<string, DeclaredDocument>;
  /** Each module's exports by its path under src/data ('notifications/rules.ts'). */
  modules: Record<string, Record<string, unknown>>;
}

let loaded: Promise<SrcData> | undefined;

export function srcData(): Promise<SrcData> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<SrcData> {
  const dataDir = new URL('../src/data/', import.meta.url).pathname;
  const modules = (readdirSync(dataDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  const entry = `${modules.map((f, i) => `export * as m${i} from ${JSON.stringify(dataDir + f)};`).join('\n')}
export { declaredKeys as __declaredKeys } from ${JSON.stringify(dataDir + 'storage.ts')};`;
  const out = await build({
    stdin: { contents: entry, resolveDir: dataDir, loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    define: { __VERSION__: '"bench"', __HOMEPAGE__: '""' },
  });
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.text).toString('base64')}`;
  const bundle = (await import(url)) as Record<string, unknown> & {
    __declaredKeys(): { name: string; cap?: { describe: string; max: number | null } }[];
  };
  const keys = bundle.__declaredKeys().map((k) => ({ name: k.name, cap: k.cap?.describe ?? null, max: k.cap?.max ?? null }));
  const documents = new Map<string, DeclaredDocument>();
  const byPath: Record<string, Record<string, unknown>> = {};
  for (const [i, file] of modules.entries()) byPath[file] = bundle[`m${i}`] as Record<string, unknown>;
  for (const module of Object.values(byPath)) {
    for (const value of Object.values(module)) {
      const doc = value as { kind?: unknown; name?: unknown; lifetime?: unknown } | null;
      if (!doc || typeof doc !== 'object' || typeof doc.name !== 'string') continue;
      if (doc.kind === 'query' && typeof doc.lifetime === 'number')
        documents.set(doc.name, { name: doc.name, kind: 'query', lifetime: doc.lifetime });
      else if (doc.kind === 'mutation' && !documents.has(doc.name))
        documents.set(doc.name, { name: doc.name, kind: 'mutation', lifetime: null });
    }
  }
  return { keys, documents, modules: byPath };
}
