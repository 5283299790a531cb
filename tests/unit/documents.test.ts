/// <reference types="vite/client" />
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadAniListSchema } from '../../schema';

/** Every GraphQL document in src/data is valid against the real AniList schema. */
const schema = loadAniListSchema();
const modules = import.meta.glob('../../src/data/**/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;

const documents = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(
      ([, v]) =>
        typeof v === 'object' &&
        v !== null &&
        typeof (v as { source?: unknown }).source === 'string' &&
        typeof (v as { name?: unknown }).name === 'string' &&
        'auth' in v,
    )
    .map(([exportName, v]) => ({ file, exportName, doc: v as { kind: string; name: string; source: string; lifetime?: unknown } })),
);

describe('GraphQL documents', () => {
  it('are found', () => expect(documents.length).toBeGreaterThanOrEqual(2));

  it.each(documents.map((d) => [`${d.exportName} (${d.doc.name})`, d] as const))('%s validates against the schema', (_label, { doc }) => {
    const errors = validate(schema, parse(doc.source));
    expect(errors.map((e) => e.message)).toEqual([]);
    expect(parse(doc.source).definitions[0]).toMatchObject({ name: { value: doc.name }, operation: doc.kind });
    // A read declares how long its answer stays good (0: never reused).
    if (doc.kind === 'query') expect(typeof doc.lifetime === 'number' && doc.lifetime >= 0).toBe(true);
  });

  it('catches a wrong document (the check is not vacuous)', () => {
    expect(validate(schema, parse('query { User { notAField } }')).length).toBeGreaterThan(0);
  });
});
