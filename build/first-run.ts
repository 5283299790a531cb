/**
 * What the script's first run evaluates: the modules the entry reaches through static imports, as
 * the bundle has them (esbuild's metafile). A dynamic `import()` becomes a lazily initialised
 * module, evaluated on first use, so it is not followed. Each module with the import chain that
 * reaches it. Read by tests/unit/bundle.test.ts (what that run may evaluate).
 */
export interface ImportGraph {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

export function firstRunModules(meta: ImportGraph, entry = 'src/main.tsx'): Map<string, string> {
  const chains = new Map([[entry, entry]]);
  const queue = [entry];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const { path, kind, external } of meta.inputs[from]?.imports ?? []) {
      if (kind !== 'import-statement' || external || chains.has(path) || !(path in meta.inputs)) continue;
      chains.set(path, `${chains.get(from)} → ${path}`);
      queue.push(path);
    }
  }
  return chains;
}
