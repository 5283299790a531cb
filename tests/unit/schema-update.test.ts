import { buildSchema, introspectionFromSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { recordedSha256, schemaHeader, sdlOfSchemaFile, sha256, updatedSchemaFile } from '../../schema/update';

/** `npm run schema:update` without the network: a tiny schema's introspection stands in for AniList's. */
const TINY = `
type Query {
  """A user by name"""
  User(name: String): User
  Media(id: Int): Media
}

type User {
  id: Int!
  name: String!
}

type Media {
  id: Int!
}
`;
const introspect = (sdl: string) => introspectionFromSchema(buildSchema(sdl));
const date = new Date('2026-11-23T12:00:00Z');

describe('schema:update, the file it writes', () => {
  const update = updatedSchemaFile(introspect(TINY), undefined, date);

  it('starts with a # header naming the endpoint, the date and the sha256 of the SDL, then a blank line', () => {
    const header = update.text.slice(0, update.text.indexOf('\n\n'));
    expect(
      header.split('\n').every((line) => line.startsWith('#')),
      'every header line is a GraphQL comment',
    ).toBe(true);
    expect(header).toContain('introspection of https://graphql.anilist.co');
    expect(header).toContain('# Date: 2026-11-23');
    expect(recordedSha256(update.text), 'the header records the hash of the SDL').toBe(sha256(update.sdl));
    expect(update.text).toBe(`${schemaHeader(update.sha256, date)}\n\n${update.sdl}\n`);
  });

  it('holds the printSchema SDL after the header, and buildSchema parses the whole file', () => {
    expect(update.sdl).toBe(printSchema(buildSchema(TINY)));
    expect(sdlOfSchemaFile(update.text)).toBe(update.sdl);
    expect(buildSchema(update.text).getQueryType()?.getFields().User?.description).toBe('A user by name');
  });

  it('says "new file" when there was none', () => {
    expect(update.summary).toBe('new file: 3 types');
  });
});

describe('schema:update, the summary it prints', () => {
  const previous = updatedSchemaFile(introspect(TINY), undefined, new Date('2026-01-01T00:00:00Z')).text;

  it('says "unchanged" when the SDL is the same, even under an older header', () => {
    const update = updatedSchemaFile(introspect(TINY), previous, date);
    expect(update.changed).toBe(false);
    expect(update.summary).toBe('unchanged: 3 types');
    expect(update.text, 'the header still gets the new date').toContain('# Date: 2026-11-23');
  });

  it('names the types added, removed and changed', () => {
    const next = TINY.replace('type Media {\n  id: Int!\n}', 'type Staff {\n  id: Int!\n}')
      .replace('Media(id: Int): Media', 'Staff(id: Int): Staff')
      .replace('name: String!', 'name: String!\n  about: String');
    const update = updatedSchemaFile(introspect(next), previous, date);
    expect(update.changed).toBe(true);
    expect(update.summary).toBe('3 types (was 3): added Staff; removed Media; changed Query, User');
  });

  it('shortens long lists of names', () => {
    const many = Array.from({ length: 10 }, (_, i) => `type T${i} { id: Int }`).join('\n');
    const update = updatedSchemaFile(
      introspect(
        `${TINY}\nextend type Query { t: T0 }\n${many}\n${Array.from({ length: 9 }, (_, i) => `extend type T${i} { next: T${i + 1} }`).join('\n')}`,
      ),
      previous,
      date,
    );
    expect(update.summary).toBe('13 types (was 3): added T0, T1, T2, T3, T4, T5, T6, T7 and 2 more; changed Query');
  });

  it('reads the SDL of the vendored file the same way (its header skipped, its hash matching)', async () => {
    const { readSchemaFile } = await import('../../schema');
    const text = readSchemaFile();
    expect(recordedSha256(text), 'schema/anilist.graphql records the sha256 of its SDL in its header').toBe(sha256(sdlOfSchemaFile(text)));
  });
});
