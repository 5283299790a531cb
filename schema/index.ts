/**
 * The AniList GraphQL schema, vendored in this folder (anilist.graphql; its header says where and
 * when it came from). Tests validate documents against it, the mock API executes it, and
 * `npm run schema:update` refreshes it from https://graphql.anilist.co (schema/update.ts).
 */
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLSchema } from 'graphql';

/** The vendored schema file, schema/anilist.graphql. */
export const SCHEMA_FILE = new URL('./anilist.graphql', import.meta.url);

/** The file's text: `#` header lines, a blank line, then the SDL. */
export function readSchemaFile(): string {
  return readFileSync(SCHEMA_FILE, 'utf8');
}

let cache: GraphQLSchema | undefined;

/** The schema, built once per process (header comments are ignored by the parser). */
export function loadAniListSchema(): GraphQLSchema {
  cache ??= buildSchema(readSchemaFile());
  return cache;
}
