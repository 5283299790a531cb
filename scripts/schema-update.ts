/**
 * `npm run schema:update`: asks https://graphql.anilist.co for its schema (graphql-js
 * getIntrospectionQuery, POST JSON), rewrites schema/anilist.graphql with a new header (source,
 * date, sha256) and prints what changed. Any failure (offline, an error answer, a schema that does
 * not build) prints one line, exits 1 and leaves the file as it was.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { SCHEMA_FILE } from '../schema';
import { ANILIST_ENDPOINT, updatedSchemaFile } from '../schema/update';

const FILE = fileURLToPath(SCHEMA_FILE);
const SHOWN = 'schema/anilist.graphql';

/** The deepest cause's message: fetch's own is only "fetch failed". */
function reason(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

function fail(message: string): never {
  console.error(`schema:update: ${message}; ${SHOWN} is unchanged.`);
  process.exit(1);
}

async function introspect(): Promise<IntrospectionQuery> {
  let response: Response;
  try {
    response = await fetch(ANILIST_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    return fail(`cannot reach ${ANILIST_ENDPOINT} (${reason(error)})`);
  }
  let body: { data?: IntrospectionQuery | null; errors?: { message?: string }[] };
  try {
    body = (await response.json()) as typeof body;
  } catch (error) {
    return fail(`${ANILIST_ENDPOINT} answered HTTP ${response.status} without JSON (${reason(error)})`);
  }
  if (!response.ok || !body.data) {
    const errors = body.errors?.map((e) => e.message).join('; ');
    return fail(`${ANILIST_ENDPOINT} answered HTTP ${response.status}${errors ? `: ${errors}` : ' without data'}`);
  }
  return body.data;
}

const introspection = await introspect();
const previous = existsSync(FILE) ? readFileSync(FILE, 'utf8') : undefined;
let update: ReturnType<typeof updatedSchemaFile>;
try {
  update = updatedSchemaFile(introspection, previous, new Date());
} catch (error) {
  fail(`the introspection result does not build a schema (${reason(error)})`);
}
// Write beside it, then rename: the file is either the old one or the whole new one.
writeFileSync(`${FILE}.tmp`, update.text);
renameSync(`${FILE}.tmp`, FILE);
console.log(`${SHOWN}: ${update.summary}. sha256 ${update.sha256}`);
