/**
 * A tiny runtime schema library. Storage, import and the GraphQL layer all validate untrusted
 * values with it, so a stored or imported value is either exactly the shape we expect or rejected
 * with a readable reason. It never throws and never copies keys that could poison prototypes.
 */

export interface Issue {
  path: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

export interface Schema<T> {
  parse(value: unknown, path?: string): ParseResult<T>;
  /** A short description for messages ("boolean", "string of at most 60 characters"...). */
  readonly describe: string;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
const fail = <T>(path: string, message: string): ParseResult<T> => ({ ok: false, issues: [{ path: path || '(root)', message }] });

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function schema<T>(describe: string, parse: (value: unknown, path: string) => ParseResult<T>): Schema<T> {
  return { describe, parse: (value, path = '') => parse(value, path) };
}

export const s = {
  /** Anything JSON can hold; for opaque cached API data that is validated where it is used. */
  unknown: (): Schema<unknown> => schema('any value', (v) => ok(v)),

  boolean: (): Schema<boolean> =>
    schema('boolean', (v, p) => (typeof v === 'boolean' ? ok(v) : fail(p, `expected boolean, got ${typeName(v)}`))),

  string: (opts: { max?: number; min?: number } = {}): Schema<string> =>
    schema(opts.max !== undefined ? `string of at most ${opts.max} characters` : 'string', (v, p) => {
      if (typeof v !== 'string') return fail(p, `expected string, got ${typeName(v)}`);
      if (opts.max !== undefined && v.length > opts.max) return fail(p, `longer than ${opts.max} characters`);
      if (opts.min !== undefined && v.length < opts.min) return fail(p, `shorter than ${opts.min} characters`);
      return ok(v);
    }),

  number: (opts: { min?: number; max?: number; int?: boolean } = {}): Schema<number> =>
    schema('number', (v, p) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) return fail(p, `expected number, got ${typeName(v)}`);
      if (opts.int && !Number.isInteger(v)) return fail(p, 'expected a whole number');
      if (opts.min !== undefined && v < opts.min) return fail(p, `below ${opts.min}`);
      if (opts.max !== undefined && v > opts.max) return fail(p, `above ${opts.max}`);
      return ok(v);
    }),

  enum: <const T extends string>(values: readonly T[]): Schema<T> =>
    schema(`one of ${values.join(', ')}`, (v, p) =>
      typeof v === 'string' && (values as readonly string[]).includes(v) ? ok(v as T) : fail(p, `expected one of ${values.join(', ')}`),
    ),

  /** One of a fixed set of numbers (toast durations, say). */
  numberIn: <const T extends number>(values: readonly T[]): Schema<T> =>
    schema(`one of ${values.join(', ')}`, (v, p) =>
      typeof v === 'number' && (values as readonly number[]).includes(v) ? ok(v as T) : fail(p, `expected one of ${values.join(', ')}`),
    ),

  nullable: <T>(inner: Schema<T>): Schema<T | null> =>
    schema(`${inner.describe} or null`, (v, p) => (v === null ? ok(null) : inner.parse(v, p))),

  array: <T>(item: Schema<T>, opts: { max?: number } = {}): Schema<T[]> =>
    schema(`array of ${item.describe}`, (v, p) => {
      if (!Array.isArray(v)) return fail(p, `expected array, got ${typeName(v)}`);
      if (opts.max !== undefined && v.length > opts.max) return fail(p, `more than ${opts.max} items`);
      const out: T[] = [];
      const issues: Issue[] = [];
      v.forEach((entry, i) => {
        const r = item.parse(entry, `${p}[${i}]`);
        if (r.ok) out.push(r.value);
        else issues.push(...r.issues);
      });
      return issues.length ? { ok: false, issues } : ok(out);
    }),

  /**
   * An object with known fields. Missing optional fields take their default; unknown keys are
   * dropped unless `keepUnknown` (then they are kept as they are, still never prototype keys).
   */
  object: <Shape extends Record<string, Schema<unknown>>>(
    shape: Shape,
    opts: { defaults?: Partial<{ [K in keyof Shape]: Infer<Shape[K]> }>; keepUnknown?: boolean } = {},
  ): Schema<{ [K in keyof Shape]: Infer<Shape[K]> }> =>
    schema('object', (v, p) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, `expected object, got ${typeName(v)}`);
      const input = v as Record<string, unknown>;
      const issues: Issue[] = [];
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(input)) {
        if (FORBIDDEN_KEYS.has(key)) issues.push({ path: `${p}.${key}`, message: 'forbidden key' });
      }
      for (const [key, fieldSchema] of Object.entries(shape)) {
        const has = Object.prototype.hasOwnProperty.call(input, key) && input[key] !== undefined;
        if (!has) {
          const defaults = opts.defaults as Record<string, unknown> | undefined;
          if (defaults && Object.prototype.hasOwnProperty.call(defaults, key)) {
            out[key] = structuredClone(defaults[key]);
            continue;
          }
          issues.push({ path: `${p}.${key}`, message: 'missing' });
          continue;
        }
        const r = fieldSchema.parse(input[key], `${p}.${key}`);
        if (r.ok) out[key] = r.value;
        else issues.push(...r.issues);
      }
      if (opts.keepUnknown) {
        for (const key of Object.keys(input)) {
          if (!(key in shape) && !FORBIDDEN_KEYS.has(key)) out[key] = input[key];
        }
      }
      return issues.length ? { ok: false, issues } : ok(out as { [K in keyof Shape]: Infer<Shape[K]> });
    }),

  /** A string-keyed map whose values all follow one schema. */
  record: <T>(value: Schema<T>, opts: { maxKeys?: number } = {}): Schema<Record<string, T>> =>
    schema(`map of ${value.describe}`, (v, p) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, `expected object, got ${typeName(v)}`);
      const entries = Object.entries(v as Record<string, unknown>);
      if (opts.maxKeys !== undefined && entries.length > opts.maxKeys) return fail(p, `more than ${opts.maxKeys} entries`);
      const out: Record<string, T> = {};
      const issues: Issue[] = [];
      for (const key of Object.keys(v as object)) {
        if (FORBIDDEN_KEYS.has(key)) issues.push({ path: `${p}.${key}`, message: 'forbidden key' });
      }
      for (const [key, entry] of entries) {
        if (FORBIDDEN_KEYS.has(key)) continue;
        const r = value.parse(entry, `${p}.${key}`);
        if (r.ok) out[key] = r.value;
        else issues.push(...r.issues);
      }
      return issues.length ? { ok: false, issues } : ok(out);
    }),

  /** Accepts the first alternative that parses. */
  union: <T>(alternatives: Schema<T>[]): Schema<T> =>
    schema(alternatives.map((a) => a.describe).join(' or '), (v, p) => {
      for (const alt of alternatives) {
        const r = alt.parse(v, p);
        if (r.ok) return r;
      }
      return fail(p, `expected ${alternatives.map((a) => a.describe).join(' or ')}`);
    }),
};

export function formatIssues(issues: Issue[], limit = 3): string {
  const shown = issues.slice(0, limit).map((i) => `${i.path}: ${i.message}`);
  if (issues.length > limit) shown.push(`and ${issues.length - limit} more`);
  return shown.join('; ');
}
