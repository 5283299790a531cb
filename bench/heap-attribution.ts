/**
 * What one script keeps alive in a heap snapshot, and who holds it.
 *
 * The script is found by the start of its source text. Its seeds are its Script (the source text
 * and its line ends), its functions (by their script position), their scopes, its compiled code,
 * the Preact trees and event maps it hangs on DOM nodes (`_children`, `_listeners`) and the global
 * `__voidVerified` where it still exists. A node is owned when every path from the GC roots to it
 * passes a seed: the owned bytes are what the page would get back without the script, and they
 * account for nearly all of what the heap grows by when the script runs.
 *
 * Owned bytes are divided along the dominator tree: each owned node whose dominator is not owned
 * heads one holder (a scope is split into its variables), so holders never overlap and add up to
 * the owned total. A holder's module is where its function or variable is declared; for an object
 * shared by several of ours, the nearest function or variable above it.
 */
import type { HeapSnapshot } from './heap-snapshot';

export interface Holder {
  label: string;
  module: string;
  retained: number;
  /** Of it, V8's code objects (bytecode, machine code, feedback, scope infos). */
  code: number;
  /** How many heads of this label and module were added up. */
  count: number;
}

interface ClassTotal {
  name: string;
  /** DevTools' summary: an object inside another of its class is already in that one's size. */
  retained: number;
  self: number;
  count: number;
}

export interface Attribution {
  owned: number;
  /** Of it, V8's code objects: bytecode, optimised machine code, feedback, scope infos, the source's line ends. */
  code: number;
  /** Largest first. */
  holders: Holder[];
  byModule: [string, number][];
  byClass: ClassTotal[];
}

/** Where the script's functions and names come from (see script-modules.ts); null: modules unknown. */
export interface ScriptPlaces {
  /** V8's line minus the script's own (an inline script counts from the document's first line). */
  lineOffset: number;
  moduleAt(line: number): string;
  declarations: Map<string, number>;
}

const UNKNOWN = '?';

interface Seeds {
  script: number;
  seed: Uint8Array;
  /** Closures, scopes and compiled code → the module they belong to. */
  module: Map<number, string>;
  /** The script's outermost scopes (the bundle's IIFE): their variables are top-level names. */
  topScopes: Set<number>;
  /** Seeds found through a property of a DOM node or the global: their label. */
  held: Map<number, string>;
}

export function attributeScript(s: HeapSnapshot, sourceStart: string, places: ScriptPlaces | null): Attribution | null {
  const script = findScript(s, sourceStart);
  if (script < 0) return null;
  const seeds = findSeeds(s, script, places);
  const owned = ownedNodes(s, seeds.seed);
  const heads: number[] = [];
  let total = 0;
  let code = 0;
  for (let n = 0; n < s.nodeCount; n++) {
    if (!owned[n]) continue;
    if (s.type(n) === 'code') code += s.selfSize(n);
    if (owned[s.dominator[n]!]) continue;
    heads.push(n);
    total += s.retained[n]!;
  }
  const holders = new Map<string, Holder>();
  const codeRetained = s.retainedWhere((n) => s.type(n) === 'code');
  const add: Add = (label, module, bytes, codeBytes) => {
    if (bytes <= 0) return;
    const key = `${label}\u0000${module}`;
    const h = holders.get(key) ?? { label, module, retained: 0, code: 0, count: 0 };
    h.retained += bytes;
    h.code += codeBytes;
    h.count++;
    holders.set(key, h);
  };
  const addNode = (label: string, module: string, n: number) => add(label, module, s.retained[n]!, codeRetained[n]!);
  const declaredIn = (name: string) => {
    const line = places?.declarations.get(name);
    return line === undefined ? UNKNOWN : places!.moduleAt(line);
  };
  const place = placeFinder(s, owned, seeds, declaredIn);
  for (const n of heads) {
    if (n === script) splitScript(s, n, add, codeRetained);
    else if (isScope(s, n)) splitScope(s, n, seeds, declaredIn, add, codeRetained);
    else if (seeds.held.has(n)) addNode(seeds.held.get(n)!, '(our DOM nodes)', n);
    else if (s.type(n) === 'closure' && seeds.module.has(n)) addNode(`function ${s.name(n) || '(anonymous)'}`, seeds.module.get(n)!, n);
    else if (seeds.seed[n]) addNode('compiled code', seeds.module.get(n) ?? '(no live function)', n);
    else {
      const { via, module, code } = place(n);
      if (code) addNode('compiled code, shared (scope infos, names)', '(several)', n);
      else addNode(`${via} (${s.className(n)}), shared`, module, n);
    }
  }
  const list = [...holders.values()].sort((a, b) => b.retained - a.retained);
  const modules = new Map<string, number>();
  for (const h of list) modules.set(h.module, (modules.get(h.module) ?? 0) + h.retained);
  return { owned: total, code, holders: list, byModule: [...modules].sort((a, b) => b[1] - a[1]), byClass: classTotals(s, heads) };
}

function findScript(s: HeapSnapshot, sourceStart: string): number {
  for (let n = 0; n < s.nodeCount; n++) {
    if (s.type(n) !== 'code' || !s.name(n).startsWith('system / Script')) continue;
    for (const e of s.edgesOf(n)) {
      const text = s.name(e.to);
      if (e.name === 'source' && text.length >= 40 && sourceStart.startsWith(text.slice(0, 200))) return n;
    }
  }
  return -1;
}

const isScope = (s: HeapSnapshot, n: number) => s.name(n).startsWith('system / Context');

function findSeeds(s: HeapSnapshot, script: number, places: ScriptPlaces | null): Seeds {
  const seed = new Uint8Array(s.nodeCount);
  const module = new Map<number, string>();
  const topScopes = new Set<number>();
  const held = new Map<number, string>();
  seed[script] = 1;
  const sfis: number[] = [];
  for (let n = 0; n < s.nodeCount; n++) {
    const type = s.type(n);
    if (type === 'closure') {
      const at = s.location(n);
      if (!at || at.scriptNode !== script) continue;
      seed[n] = 1;
      const where = places ? places.moduleAt(at.line - places.lineOffset) : UNKNOWN;
      module.set(n, where);
      for (const e of s.edgesOf(n)) {
        if (e.name === 'shared' && !module.has(e.to)) module.set(e.to, where);
        if (e.name === 'context') markScopes(e.to, where);
      }
    } else if (type === 'code' && s.name(n).startsWith('system / SharedFunctionInfo')) sfis.push(n);
    else if (type === 'native' || type === 'object')
      for (const e of s.edgesOf(n)) {
        if (e.type !== 'property') continue;
        if (type === 'native' && e.name === '_children') held.set(e.to, 'Preact trees hung on our DOM nodes');
        else if (type === 'native' && e.name === '_listeners') held.set(e.to, 'event handler maps on our DOM nodes');
        else if (e.name === '__voidVerified') held.set(e.to, 'window.__voidVerified');
        else continue;
        seed[e.to] = 1;
      }
  }
  for (const n of sfis) for (const e of s.edgesOf(n)) if (e.name === 'script' && e.to === script) seed[n] = 1;
  return { script, seed, module, topScopes, held };

  function markScopes(first: number, where: string) {
    for (let c = first; isScope(s, c);) {
      seed[c] = 1;
      if (!module.has(c)) module.set(c, where);
      let previous = -1;
      for (const e of s.edgesOf(c)) if (e.name === 'previous') previous = e.to;
      if (previous < 0 || !isScope(s, previous)) {
        topScopes.add(c);
        return;
      }
      c = previous;
    }
  }
}

/** Reachable from the root, but not once the seeds are taken away. */
function ownedNodes(s: HeapSnapshot, seed: Uint8Array): Uint8Array {
  const outside = new Uint8Array(s.nodeCount);
  const stack = [0];
  outside[0] = 1;
  while (stack.length) {
    const n = stack.pop()!;
    for (const e of s.edgesOf(n)) {
      if (e.type === 'weak' || (e.type === 'shortcut' && n !== 0) || outside[e.to] || seed[e.to]) continue;
      outside[e.to] = 1;
      stack.push(e.to);
    }
  }
  const owned = new Uint8Array(s.nodeCount);
  for (let n = 0; n < s.nodeCount; n++) owned[n] = s.dominator[n] !== 0xffffffff && !outside[n] ? 1 : 0;
  return owned;
}

type Add = (label: string, module: string, bytes: number, code: number) => void;

function splitScript(s: HeapSnapshot, n: number, add: Add, code: Float64Array): void {
  let rest = s.retained[n]!;
  let restCode = code[n]!;
  for (const e of s.edgesOf(n)) {
    if (s.dominator[e.to] !== n) continue;
    const label =
      e.name === 'source' ? 'source text (kept for lazy compilation)' : e.name === 'line_ends' ? 'line ends of the source' : null;
    if (!label) continue;
    add(label, '(the script)', s.retained[e.to]!, code[e.to]!);
    rest -= s.retained[e.to]!;
    restCode -= code[e.to]!;
  }
  add('Script object, other', '(the script)', rest, restCode);
}

/** A scope: each variable whose value only it keeps, then the rest (its slots, its scope info). */
function splitScope(s: HeapSnapshot, n: number, seeds: Seeds, declaredIn: (name: string) => string, add: Add, code: Float64Array): void {
  const top = seeds.topScopes.has(n);
  const own = seeds.module.get(n) ?? UNKNOWN;
  const seen = new Set<number>();
  let rest = s.retained[n]!;
  let restCode = code[n]!;
  for (const e of s.edgesOf(n)) {
    if (e.type !== 'context' || s.dominator[e.to] !== n || seen.has(e.to)) continue;
    seen.add(e.to);
    const module = top ? declaredIn(e.name) : own;
    add(`${e.name} (${s.className(e.to)})`, module === UNKNOWN ? own : module, s.retained[e.to]!, code[e.to]!);
    rest -= s.retained[e.to]!;
    restCode -= code[e.to]!;
  }
  add(top ? 'top-level scope of the bundle (slots, scope info)' : 'function scopes (slots)', top ? '(bundle)' : own, rest, restCode);
}

/**
 * For an object several of ours share: the name it is held by (a variable, a property) and the
 * module of the nearest function, scope or variable above it, found walking its owned retainers.
 */
function placeFinder(
  s: HeapSnapshot,
  owned: Uint8Array,
  seeds: Seeds,
  declaredIn: (name: string) => string,
): (n: number) => { via: string; module: string; code: boolean } {
  let retainers: Map<number, { from: number; type: string; name: string }[]> | undefined;
  const rank = (type: string) => ['context', 'property', 'element', 'internal', 'hidden', 'shortcut'].indexOf(type);
  return (n) => {
    retainers ??= ownedRetainers(s, owned);
    const direct = [...(retainers.get(n) ?? [])].sort((a, b) => rank(a.type) - rank(b.type))[0];
    const via = direct ? (direct.type === 'element' ? `[${direct.name}]` : direct.name) : UNKNOWN;
    // V8's own parts of functions (scope infos, names, feedback metadata) count as compiled code.
    const code = s.type(n) === 'code' || (direct !== undefined && direct.type === 'internal' && s.type(direct.from) === 'code');
    const visited = new Set([n]);
    let layer = [n];
    for (let depth = 0; depth < 8 && layer.length; depth++) {
      const next: number[] = [];
      for (const m of layer)
        for (const r of retainers.get(m) ?? []) {
          if (seeds.topScopes.has(r.from) && r.type === 'context') {
            const module = declaredIn(r.name);
            if (module !== UNKNOWN) return { via, module, code };
          }
          const module = seeds.module.get(r.from);
          if (module && !seeds.topScopes.has(r.from)) return { via, module, code };
          if (!visited.has(r.from)) {
            visited.add(r.from);
            next.push(r.from);
          }
        }
      layer = next;
    }
    return { via, module: UNKNOWN, code };
  };
}

function ownedRetainers(s: HeapSnapshot, owned: Uint8Array) {
  const out = new Map<number, { from: number; type: string; name: string }[]>();
  for (let n = 0; n < s.nodeCount; n++) {
    if (!owned[n]) continue;
    for (const e of s.edgesOf(n)) {
      if (!owned[e.to] || e.type === 'weak') continue;
      const list = out.get(e.to) ?? [];
      list.push({ from: n, type: e.type, name: e.name });
      out.set(e.to, list);
    }
  }
  return out;
}

/** The class a node counts under: DevTools' name, with V8's internal kinds named ('ScopeInfo', 'Context'). */
function classOf(s: HeapSnapshot, n: number): string {
  const name = s.name(n);
  if (name.startsWith('system / ')) return name.slice('system / '.length).split(' / ')[0]!;
  return s.className(n);
}

function classTotals(s: HeapSnapshot, heads: number[]): ClassTotal[] {
  const children = dominatorChildren(s);
  const inside = new Map<string, number>();
  const totals = new Map<string, ClassTotal>();
  for (const head of heads) {
    const stack: [number, boolean][] = [[head, true]];
    while (stack.length) {
      const [n, entering] = stack.pop()!;
      const name = classOf(s, n);
      if (!entering) {
        inside.set(name, inside.get(name)! - 1);
        continue;
      }
      const t = totals.get(name) ?? { name, retained: 0, self: 0, count: 0 };
      if (!inside.get(name)) t.retained += s.retained[n]!;
      t.self += s.selfSize(n);
      t.count++;
      totals.set(name, t);
      inside.set(name, (inside.get(name) ?? 0) + 1);
      stack.push([n, false]);
      for (const c of children(n)) stack.push([c, true]);
    }
  }
  return [...totals.values()].sort((a, b) => b.retained - a.retained);
}

function dominatorChildren(s: HeapSnapshot): (n: number) => Uint32Array {
  const has = (n: number) => s.dominator[n] !== 0xffffffff && s.dominator[n] !== n;
  const first = new Uint32Array(s.nodeCount + 1);
  for (let n = 0; n < s.nodeCount; n++) if (has(n)) first[s.dominator[n]! + 1]!++;
  for (let n = 0; n < s.nodeCount; n++) first[n + 1]! += first[n]!;
  const list = new Uint32Array(first[s.nodeCount]!);
  const fill = first.slice(0, s.nodeCount);
  for (let n = 0; n < s.nodeCount; n++) if (has(n)) list[fill[s.dominator[n]!]!++] = n;
  return (n) => list.subarray(first[n]!, first[n + 1]!);
}
