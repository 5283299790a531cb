/**
 * The pure part of `npm run schema:update` (scripts/schema-update.ts does the network and the file):
 * an introspection result of https://graphql.anilist.co in, the new schema/anilist.graphql text and
 * a one-line summary of what changed out.
 */
import { createHash } from 'node:crypto';
import {
  buildClientSchema,
  buildSchema,
  isSpecifiedScalarType,
  printSchema,
  printType,
  version,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

export const ANILIST_ENDPOINT = 'https://graphql.anilist.co';

export interface SchemaUpdate {
  /** The whole new file: header, blank line, SDL, final newline. */
  text: string;
  /** The SDL alone (graphql-js printSchema), what the header's sha256 is of. */
  sdl: string;
  sha256: string;
  /** False when the SDL is the same as the previous file's. */
  changed: boolean;
  /** One line: types added, removed and changed, or "unchanged". */
  summary: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The file's `#` header for an SDL fetched from the endpoint on `date`. */
export function schemaHeader(sdlSha256: string, date: Date): string {
  return [
    '# AniList GraphQL API v2 schema (SDL) of https://graphql.anilist.co, kept in the repository so that',
    '# tests, the mock API and the sandbox need nothing outside it. Refresh it with `npm run schema:update`.',
    '#',
    `# Source: introspection of ${ANILIST_ENDPOINT} (graphql-js getIntrospectionQuery, POST JSON), built with`,
    `#   buildClientSchema and printed with printSchema (graphql-js ${version}).`,
    `# Date: ${date.toISOString().slice(0, 10)}`,
    `# sha256 (of the SDL below this header, without the final newline): ${sdlSha256}`,
  ].join('\n');
}

/** The SDL of a schema file: what follows the leading `#` lines and blank lines, without the final newline. */
export function sdlOfSchemaFile(text: string): string {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && (lines[i]!.startsWith('#') || lines[i]!.trim() === '')) i++;
  return lines.slice(i).join('\n').replace(/\n$/, '');
}

/** The sha256 the file's header records, if any. */
export function recordedSha256(text: string): string | undefined {
  return /^# sha256\b.*?([0-9a-f]{64})\s*$/m.exec(text)?.[1];
}

/** Named types of a schema, without introspection types and built-in scalars, each printed. */
function printedTypes(schema: GraphQLSchema): Map<string, string> {
  const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && !isSpecifiedScalarType(t));
  return new Map(types.map((t) => [t.name, printType(t)]));
}

const names = (list: string[], max = 8) =>
  list.length > max ? `${list.slice(0, max).join(', ')} and ${list.length - max} more` : list.join(', ');

/**
 * The new file for `introspection`, fetched on `date`, and how it differs from `previous` (the
 * current file's text; undefined when there is none).
 */
export function updatedSchemaFile(introspection: IntrospectionQuery, previous: string | undefined, date: Date): SchemaUpdate {
  const schema = buildClientSchema(introspection);
  const sdl = printSchema(schema);
  const hash = sha256(sdl);
  const text = `${schemaHeader(hash, date)}\n\n${sdl}\n`;
  const now = printedTypes(schema);
  const count = `${now.size} types`;

  if (previous === undefined) return { text, sdl, sha256: hash, changed: true, summary: `new file: ${count}` };
  const previousSdl = sdlOfSchemaFile(previous);
  if (previousSdl === sdl) return { text, sdl, sha256: hash, changed: false, summary: `unchanged: ${count}` };

  let before: Map<string, string>;
  try {
    before = printedTypes(buildSchema(previousSdl));
  } catch {
    return { text, sdl, sha256: hash, changed: true, summary: `replaced a file that did not parse: ${count}` };
  }
  const added = [...now.keys()].filter((n) => !before.has(n)).sort();
  const removed = [...before.keys()].filter((n) => !now.has(n)).sort();
  const changedTypes = [...now.keys()].filter((n) => before.has(n) && before.get(n) !== now.get(n)).sort();
  const parts = [
    added.length ? `added ${names(added)}` : '',
    removed.length ? `removed ${names(removed)}` : '',
    changedTypes.length ? `changed ${names(changedTypes)}` : '',
  ].filter(Boolean);
  // Only order or formatting differs when no type did (printSchema sorts nothing, the server decides).
  const what = parts.length ? parts.join('; ') : 'same types, reordered';
  return { text, sdl, sha256: hash, changed: true, summary: `${count} (was ${before.size}): ${what}` };
}
