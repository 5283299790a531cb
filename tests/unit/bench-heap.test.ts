import { describe, expect, it } from 'vitest';
import { attributeScript } from '../../bench/heap-attribution';
import { HeapSnapshot } from '../../bench/heap-snapshot';

/** A tiny V8-format heap snapshot: nodes by name, edges as [from, type, name, to]. */
function snapshot(
  nodes: [type: string, name: string, self: number][],
  edges: [from: number, type: string, name: string, to: number][],
  locations: [closure: number, script: number, line: number][] = [],
): HeapSnapshot {
  const nodeTypes = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic'];
  const edgeTypes = ['context', 'element', 'property', 'internal', 'hidden', 'shortcut', 'weak'];
  const strings: string[] = [];
  const str = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const FIELDS = 6;
  const flat: number[] = [];
  nodes.forEach(([type, name, self], i) => {
    const count = edges.filter(([from]) => from === i).length;
    flat.push(nodeTypes.indexOf(type), str(name), i * 2 + 1, self, count, 0);
  });
  const edgeFlat: number[] = [];
  for (let i = 0; i < nodes.length; i++)
    for (const [from, type, name, to] of edges)
      if (from === i) edgeFlat.push(edgeTypes.indexOf(type), type === 'element' ? Number(name) : str(name), to * FIELDS);
  return new HeapSnapshot(
    JSON.stringify({
      snapshot: {
        meta: {
          node_fields: ['type', 'name', 'id', 'self_size', 'edge_count', 'detachedness'],
          node_types: [nodeTypes],
          edge_fields: ['type', 'name_or_index', 'to_node'],
          edge_types: [edgeTypes],
          location_fields: ['object_index', 'script_id', 'script_object_index', 'line', 'column'],
        },
        node_count: nodes.length,
      },
      nodes: flat,
      edges: edgeFlat,
      locations: locations.flatMap(([closure, script, line]) => [closure * FIELDS, 7, script * FIELDS, line, 0]),
      strings,
    }),
  );
}

const SOURCE = '// ==UserScript==\n// @name  a script under test, long enough to be recognised';

// The page (window) holds a listener of ours; its scope holds a cache; an object both our
// functions hold; an object the page shares with our scope; the script and its source text.
const NODES: [string, string, number][] = [
  ['synthetic', '', 0], // 0 root
  ['object', 'Window', 100], // 1
  ['code', 'system / Script / https://anilist.co/home', 10], // 2
  ['string', SOURCE, 1000], // 3
  ['closure', 'onClick', 30], // 4
  ['object', 'system / Context / scope', 40], // 5
  ['object', 'Cache', 300], // 6
  ['object', 'Shared', 50], // 7 (the page holds it too)
  ['object', 'system / NativeContext / https://anilist.co', 20], // 8
  ['closure', 'onKey', 30], // 9
  ['object', 'Object', 200], // 10 (held by both closures)
  ['object', 'Page', 70], // 11
];
const EDGES: [number, string, string, number][] = [
  [0, 'element', '1', 1],
  [0, 'element', '2', 2],
  [0, 'element', '3', 8],
  [2, 'internal', 'source', 3],
  [1, 'property', 'listener', 4],
  [1, 'property', 'keys', 9],
  [1, 'property', 'x', 7],
  [1, 'property', 'page', 11],
  [4, 'internal', 'context', 5],
  [4, 'property', 'state', 10],
  [9, 'property', 'state', 10],
  [9, 'internal', 'context', 5],
  [5, 'context', 'cache', 6],
  [5, 'context', 'shared', 7],
  [5, 'internal', 'previous', 8],
  [8, 'weak', 'global', 1],
  [6, 'weak', 'owner', 11],
];

describe('the heap snapshot bench', () => {
  const s = snapshot(NODES, EDGES, [
    [4, 2, 3],
    [9, 2, 15],
  ]);

  it('computes dominators and retained sizes as DevTools does (weak edges do not retain)', () => {
    const total = NODES.reduce((sum, [, , self]) => sum + self, 0);
    expect(s.retained[0]).toBe(total);
    expect(s.dominator[6]).toBe(5); // the cache: only through the scope
    expect(s.dominator[5]).toBe(1); // the scope: through two closures, both held by the window
    expect(s.dominator[10]).toBe(1);
    expect(s.dominator[11]).toBe(1); // the cache's weak edge does not count
    expect(s.retained[5]).toBe(40 + 300);
    expect(s.retained[2]).toBe(10 + 1000);
  });

  it("counts what only the script's functions, scopes and source keep, and divides it without overlap", () => {
    const a = attributeScript(s, SOURCE, {
      lineOffset: 0,
      moduleAt: (line) => (line < 10 ? 'a.ts' : 'b.ts'),
      declarations: new Map([['cache', 12]]),
    })!;
    // Script and source, both closures, the scope, the cache and the object both closures hold;
    // not the window, the native context, the page's object or the one the page shares.
    expect(a.owned).toBe(10 + 1000 + 30 + 30 + 40 + 300 + 200);
    expect(a.holders.reduce((sum, h) => sum + h.retained, 0)).toBe(a.owned);
    const holder = (label: string) => a.holders.find((h) => h.label === label);
    expect(holder('source text (kept for lazy compilation)')).toMatchObject({ retained: 1000, module: '(the script)' });
    expect(holder('cache (Cache)')).toMatchObject({ retained: 300, module: 'b.ts' });
    expect(holder('function onClick')).toMatchObject({ retained: 30, module: 'a.ts' });
    expect(holder('function onKey')).toMatchObject({ retained: 30, module: 'b.ts' });
    expect(holder('state (Object), shared')).toMatchObject({ retained: 200 });
    expect(a.byClass.find((c) => c.name === 'Cache')).toMatchObject({ retained: 300, self: 300, count: 1 });
  });

  it('finds nothing when the source is not in the snapshot', () => {
    expect(attributeScript(s, '// another script entirely, not loaded on this page at all', null)).toBeNull();
  });
});
