/**
 * A V8 heap snapshot (CDP `HeapProfiler.takeHeapSnapshot`) read in Node: its nodes and edges, the
 * dominator tree and every node's retained size, computed as Chrome DevTools does (weak edges do
 * not retain; shortcut edges count only from the root; unreachable nodes are left out).
 */

/** The snapshot's JSON, as the CDP chunks add up to. */
interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
      location_fields?: string[];
    };
    node_count: number;
  };
  nodes: number[];
  edges: number[];
  locations?: number[];
  strings: string[];
}

export interface Location {
  scriptId: number;
  /** The node of the function's Script (newer snapshots say; -1 otherwise). */
  scriptNode: number;
  /** 0-based, as V8 counts. */
  line: number;
  column: number;
}

export class HeapSnapshot {
  readonly nodeCount: number;
  readonly strings: string[];
  private readonly nodes: Uint32Array;
  private readonly edges: Uint32Array;
  private readonly nodeFields: number;
  private readonly edgeFields: number;
  private readonly nodeTypes: string[];
  private readonly edgeTypes: string[];
  /** Index into `edges` (in edges, not fields) of each node's first edge; one more entry at the end. */
  private readonly firstEdge: Uint32Array;
  private readonly locationOf = new Map<number, Location>();
  /** Each node's immediate dominator (the root dominates itself); unreachable nodes: 0xffffffff. */
  readonly dominator: Uint32Array;
  readonly retained: Float64Array;
  /** Reachable nodes in a depth-first post-order: each comes before its dominator. */
  private readonly postOrder: Uint32Array;

  constructor(json: string) {
    const raw = JSON.parse(json) as RawSnapshot;
    const meta = raw.snapshot.meta;
    this.nodeFields = meta.node_fields.length;
    this.edgeFields = meta.edge_fields.length;
    this.nodeTypes = meta.node_types[0];
    this.edgeTypes = meta.edge_types[0];
    this.nodes = Uint32Array.from(raw.nodes);
    this.edges = Uint32Array.from(raw.edges);
    this.strings = raw.strings;
    this.nodeCount = this.nodes.length / this.nodeFields;
    this.firstEdge = new Uint32Array(this.nodeCount + 1);
    const edgeCount = meta.node_fields.indexOf('edge_count');
    for (let n = 0, e = 0; n < this.nodeCount; n++) {
      this.firstEdge[n] = e;
      e += this.nodes[n * this.nodeFields + edgeCount]!;
      this.firstEdge[n + 1] = e;
    }
    const lf = meta.location_fields ?? ['object_index', 'script_id', 'line', 'column'];
    const [obj, sid, sobj, line, col] = ['object_index', 'script_id', 'script_object_index', 'line', 'column'].map((f) =>
      lf.indexOf(f),
    ) as [number, number, number, number, number];
    const locations = raw.locations ?? [];
    for (let i = 0; i < locations.length; i += lf.length)
      this.locationOf.set(locations[i + obj]! / this.nodeFields, {
        scriptId: locations[i + sid]!,
        scriptNode: sobj < 0 ? -1 : locations[i + sobj]! / this.nodeFields,
        line: locations[i + line]!,
        column: locations[i + col]!,
      });
    const { dominator, retained, order } = this.computeDominators();
    this.dominator = dominator;
    this.retained = retained;
    this.postOrder = order;
  }

  type(n: number): string {
    return this.nodeTypes[this.nodes[n * this.nodeFields]!] ?? '?';
  }
  name(n: number): string {
    return this.strings[this.nodes[n * this.nodeFields + 1]!] ?? '';
  }
  id(n: number): number {
    return this.nodes[n * this.nodeFields + 2]!;
  }
  selfSize(n: number): number {
    return this.nodes[n * this.nodeFields + 3]!;
  }
  location(n: number): Location | undefined {
    return this.locationOf.get(n);
  }

  /** DevTools' class name: an object's constructor, `(closure)`, `(string)`, `(system)`, `(compiled code)`... */
  className(n: number): string {
    const type = this.type(n);
    if (type === 'object' || type === 'native') return this.name(n);
    if (type === 'hidden') return '(system)';
    if (type === 'code') return '(compiled code)';
    return `(${type})`;
  }

  /** The node's outgoing edges: type, name (a property name or an element index as text) and target. */
  *edgesOf(n: number): Generator<{ type: string; name: string; to: number }> {
    for (let e = this.firstEdge[n]!; e < this.firstEdge[n + 1]!; e++) {
      const base = e * this.edgeFields;
      const type = this.edgeTypes[this.edges[base]!] ?? '?';
      const nameOrIndex = this.edges[base + 1]!;
      const name = type === 'element' || type === 'hidden' ? String(nameOrIndex) : (this.strings[nameOrIndex] ?? '');
      yield { type, name, to: this.edges[base + 2]! / this.nodeFields };
    }
  }

  /** Like `retained`, counting only the nodes `counts` accepts. */
  retainedWhere(counts: (n: number) => boolean): Float64Array {
    const out = new Float64Array(this.nodeCount);
    for (const n of this.postOrder) if (counts(n)) out[n] = this.selfSize(n);
    for (const n of this.postOrder) {
      const parent = this.dominator[n]!;
      if (parent !== n) out[parent] = out[parent]! + out[n]!;
    }
    return out;
  }

  /** Does an edge of this type from this node retain its target (as DevTools counts it)? */
  private essential(from: number, edgeType: number): boolean {
    const type = this.edgeTypes[edgeType];
    return type !== 'weak' && (type !== 'shortcut' || from === 0);
  }

  /** Cooper, Harvey and Kennedy's iterative algorithm over a depth-first post-order from the root. */
  private computeDominators(): { dominator: Uint32Array; retained: Float64Array; order: Uint32Array } {
    const count = this.nodeCount;
    const UNSET = 0xffffffff;
    const postOrder = new Uint32Array(count).fill(UNSET); // node → its post-order index
    const order: number[] = []; // post-order index → node
    const visited = new Uint8Array(count);
    const stack: number[] = [0];
    const cursor: number[] = [this.firstEdge[0]!];
    visited[0] = 1;
    while (stack.length) {
      const n = stack[stack.length - 1]!;
      const e = cursor[cursor.length - 1]!;
      if (e < this.firstEdge[n + 1]!) {
        cursor[cursor.length - 1] = e + 1;
        const base = e * this.edgeFields;
        if (!this.essential(n, this.edges[base]!)) continue;
        const to = this.edges[base + 2]! / this.nodeFields;
        if (visited[to]) continue;
        visited[to] = 1;
        stack.push(to);
        cursor.push(this.firstEdge[to]!);
      } else {
        stack.pop();
        cursor.pop();
        postOrder[n] = order.length;
        order.push(n);
      }
    }
    // Retainers (reachable ones, over essential edges), as post-order indexes.
    const retainerCount = new Uint32Array(count + 1);
    for (let n = 0; n < count; n++) {
      if (postOrder[n] === UNSET) continue;
      for (let e = this.firstEdge[n]!; e < this.firstEdge[n + 1]!; e++) {
        const base = e * this.edgeFields;
        if (!this.essential(n, this.edges[base]!)) continue;
        retainerCount[this.edges[base + 2]! / this.nodeFields]!++;
      }
    }
    const firstRetainer = new Uint32Array(count + 1);
    for (let n = 0; n < count; n++) firstRetainer[n + 1] = firstRetainer[n]! + retainerCount[n]!;
    const retainers = new Uint32Array(firstRetainer[count]!);
    const fill = firstRetainer.slice(0, count);
    for (let n = 0; n < count; n++) {
      if (postOrder[n] === UNSET) continue;
      for (let e = this.firstEdge[n]!; e < this.firstEdge[n + 1]!; e++) {
        const base = e * this.edgeFields;
        if (!this.essential(n, this.edges[base]!)) continue;
        const to = this.edges[base + 2]! / this.nodeFields;
        retainers[fill[to]!++] = postOrder[n]!;
      }
    }
    const rootIndex = order.length - 1;
    const idom = new Uint32Array(order.length).fill(UNSET); // by post-order index
    idom[rootIndex] = rootIndex;
    const intersect = (a: number, b: number) => {
      while (a !== b) {
        while (a < b) a = idom[a]!;
        while (b < a) b = idom[b]!;
      }
      return a;
    };
    for (let changed = true; changed;) {
      changed = false;
      for (let i = rootIndex - 1; i >= 0; i--) {
        const n = order[i]!;
        let next = UNSET;
        for (let r = firstRetainer[n]!; r < firstRetainer[n + 1]!; r++) {
          const p = retainers[r]!;
          if (idom[p] === UNSET) continue;
          next = next === UNSET ? p : intersect(p, next);
        }
        if (next !== UNSET && idom[i] !== next) {
          idom[i] = next;
          changed = true;
        }
      }
    }
    const dominator = new Uint32Array(count).fill(UNSET);
    const retained = new Float64Array(count);
    for (let i = 0; i < order.length; i++) {
      const n = order[i]!;
      dominator[n] = order[idom[i]!]!;
      retained[n] = this.selfSize(n);
    }
    // A dominator comes later in post-order than what it dominates.
    for (let i = 0; i < rootIndex; i++) {
      const parent = order[idom[i]!]!;
      retained[parent] = retained[parent]! + retained[order[i]!]!;
    }
    return { dominator, retained, order: Uint32Array.from(order) };
  }
}
