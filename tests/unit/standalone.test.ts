import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: a fresh clone with no reference folder beside it builds, serves and
 * tests. The needles are assembled here so this file does not match itself.
 */
const ROOT = new URL('../../', import.meta.url);
const DIRS = ['src', 'tests', 'bench', 'scripts', 'build', 'schema', '.ci'];
const FILES = ['package.json', 'tsconfig.json', 'tsup.config.ts', 'vitest.config.ts', 'playwright.config.ts'];
const NEEDLES = [['.', 'shared'].join('/'), ['SHARED', 'DIR'].join('_'), ['shared', 'anilist'].join('/')];
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|css|graphql|md|sh)$|^run$/;

function walk(dir: string): string[] {
  const abs = new URL(`${dir}/`, ROOT);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules') return [];
    return statSync(new URL(path, ROOT)).isDirectory() ? walk(path) : TEXT.test(name) ? [path] : [];
  });
}

/** A line that only holds a comment (`//`, `/*`, ` *`, `#`): it may say where facts came from. */
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*|#)/.test(line);

describe('the repository stands alone', () => {
  const files = [...DIRS.flatMap(walk), ...FILES.filter((f) => existsSync(new URL(f, ROOT)))];

  it('has source files to check (the scan is not vacuous)', () => {
    expect(files.length, 'The scan should find the project files under src, tests, bench, scripts and build').toBeGreaterThan(50);
    expect(files, 'The scan should include this very test file').toContain('tests/unit/standalone.test.ts');
  });

  it(`reads nothing from a folder beside it (${NEEDLES.join(', ')}), except in comments`, () => {
    const offenders = files.flatMap((file) =>
      readFileSync(new URL(file, ROOT), 'utf8')
        .split('\n')
        .flatMap((line, i) => (!isComment(line) && NEEDLES.some((n) => line.includes(n)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders, 'These lines reach outside the repository; use the vendored schema/anilist.graphql or docs/ instead').toEqual([]);
  });

  it('has the vendored AniList schema at schema/anilist.graphql, and graphql-js parses it', () => {
    const file = new URL('schema/anilist.graphql', ROOT);
    expect(existsSync(file), 'schema/anilist.graphql should exist (npm run schema:update writes it)').toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# '), 'The schema file should start with a # header saying where it came from').toBe(true);
    const schema = buildSchema(text);
    const query = schema.getQueryType()?.getFields() ?? {};
    for (const field of ['Page', 'User', 'Viewer', 'Notification'])
      expect(query[field], `The schema's Query should have the field ${field}`).toBeDefined();
    expect(schema.getMutationType()?.getFields().SaveTextActivity, 'The schema should have the mutation SaveTextActivity').toBeDefined();
  });
});
