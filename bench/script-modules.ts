/**
 * Which module each line of the built userscript comes from, and where each of its top-level names
 * is declared: what a heap snapshot's functions (script positions) and the IIFE scope's variables
 * (names) need to be counted per module.
 *
 * The shipped file is tidied (build/tidy.ts drops comments, esbuild's `// src/x.ts` module headers
 * with them). So the bundle is built again here, untidied, into a temporary folder; each module
 * header gets a marker statement on a line of its own, the same tidying runs, and the marker lines
 * are taken out again: what is left must be the shipped file line for line (checked), and the
 * markers say where each module starts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser, type Node } from 'acorn';
import { build, type Options } from 'tsup';
import { packageOf } from '../build/licenses';
import { tidyUserscript } from '../build/tidy';
import config from '../tsup.config';

export interface ScriptModules {
  /** The module a 0-based line of the shipped script belongs to: a package name, or a path under src/. */
  moduleAt(line: number): string;
  /** The 0-based line of each name the bundle's IIFE declares at its top level. */
  declarations: Map<string, number>;
  /** Characters of the shipped source per module (what the engine keeps of it), in file order. */
  sourceBytes: [string, number][];
}

const MARKER = '"__bench_module__:';

/** A module's short name: its package, or its path (our style sheet's namespace dropped). */
function moduleName(input: string): string {
  return packageOf(input) ?? input.replace(/^tidy-css:/, '').replace(/:tidied$/, '');
}

/** The untidied bundle, built with the project's own tsup configuration minus its finishing step. */
async function untidiedBundle(): Promise<{ code: string; inputs: Set<string> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'vv-bench-modules-'));
  try {
    const built = await (config as (cli: Options) => Options | Options[] | Promise<Options | Options[]>)({ outDir });
    // The configuration builds the shipped script first, then the test build beside it.
    const options = Array.isArray(built) ? built[0]! : built;
    await build({ ...options, outDir, onSuccess: undefined, silent: true, config: false });
    const meta = JSON.parse(readFileSync(join(outDir, 'metafile-iife.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const inputs = new Set(Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs)));
    return { code: readFileSync(join(outDir, 'voidverified.user.js'), 'utf8'), inputs };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Lines where modules start, in the shipped script's numbering; null when the rebuild does not match it. */
function moduleStarts(code: string, inputs: Set<string>, shipped: string): [number, string][] | null {
  const marked = code.replace(/^( *)\/\/ (\S+)$/gm, (line, indent: string, path: string) =>
    inputs.has(path) ? `${indent}${MARKER}${path}";\n${line}` : line,
  );
  const kept: string[] = [];
  const starts: [number, string][] = [];
  for (const line of tidyUserscript(marked).split('\n')) {
    const body = line.trim();
    if (body.startsWith(MARKER) && body.endsWith('";')) starts.push([kept.length, body.slice(MARKER.length, -2)]);
    else kept.push(line);
  }
  // The shipped file has the licence notice after the metadata block: find where the body resumes.
  const lines = shipped.split('\n');
  const metaEnd = kept.findIndex((l) => l.startsWith('// ==/UserScript=='));
  const body = kept.slice(metaEnd + 1);
  const offset = lines.findIndex((l, i) => i > metaEnd && l === body[0] && lines[i + 1] === body[1] && lines[i + 2] === body[2]);
  if (offset < 0 || lines.length !== offset + body.length) return null;
  for (let i = 0; i < body.length; i++) if (lines[offset + i] !== body[i]) return null;
  const shift = offset - (metaEnd + 1);
  return starts.map(([line, path]) => [line + (line > metaEnd ? shift : 0), moduleName(path)]);
}

/** Top-level declarations of the IIFE that wraps the bundle (`(() => { ... })();`). */
function topLevelDeclarations(shipped: string): Map<string, number> {
  const out = new Map<string, number>();
  type Any = Node & Record<string, unknown>;
  const program = Parser.parse(shipped, { ecmaVersion: 'latest', sourceType: 'script', locations: true }) as unknown as {
    body: Any[];
  };
  const call = program.body.find((s) => s.type === 'ExpressionStatement' && (s.expression as Any | undefined)?.type === 'CallExpression')
    ?.expression as Any | undefined;
  const fn = call?.callee as Any | undefined;
  const statements = ((fn?.body as Any | undefined)?.body ?? []) as Any[];
  const declare = (id: unknown, at: Any) => {
    const name = (id as { type?: string; name?: string } | null)?.name;
    if (name !== undefined) out.set(name, at.loc!.start.line - 1);
  };
  for (const s of statements) {
    if (s.type === 'VariableDeclaration') for (const d of s.declarations as Any[]) declare(d.id, d);
    else if (s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration') declare(s.id, s);
  }
  return out;
}

/** Each map made, by the shipped text it was made for: making one builds the bundle again. */
const made = new Map<string, Promise<ScriptModules | null>>();

/**
 * The module map of `shipped` (the text of dist/voidverified.user.js); null when it cannot be made.
 * Made once per text: the bundle's composition, the start-up profile and the heap rows share it.
 */
export function scriptModules(shipped: string): Promise<ScriptModules | null> {
  let map = made.get(shipped);
  if (!map) made.set(shipped, (map = makeScriptModules(shipped)));
  return map;
}

async function makeScriptModules(shipped: string): Promise<ScriptModules | null> {
  const { code, inputs } = await untidiedBundle();
  const starts = moduleStarts(code, inputs, shipped);
  if (!starts) return null;
  const declarations = topLevelDeclarations(shipped);
  const lines = shipped.split('\n');
  const sourceBytes = new Map<string, number>();
  starts.forEach(([first, module], i) => {
    const end = i + 1 < starts.length ? starts[i + 1]![0] : lines.length;
    let bytes = 0;
    for (let line = first; line < end; line++) bytes += lines[line]!.length + 1;
    sourceBytes.set(module, (sourceBytes.get(module) ?? 0) + bytes);
  });
  sourceBytes.set('(metadata, licence notice, bundle runtime)', lines.slice(0, starts[0]?.[0] ?? 0).join('\n').length);
  return {
    declarations,
    sourceBytes: [...sourceBytes],
    moduleAt(line) {
      let lo = 0;
      let hi = starts.length - 1;
      if (hi < 0 || line < starts[0]![0]) return '(bundle runtime)';
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]![0] <= line) lo = mid;
        else hi = mid - 1;
      }
      return starts[lo]![1];
    },
  };
}
