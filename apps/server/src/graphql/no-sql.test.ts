import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `graphql/` batches and resolves; the SQL lives in the modules that own it (docs/ARCHITECTURE.md).
 * A non-test file here that builds a statement (Kysely's builders or the `sql` tag) or runs one it
 * finished from a module's query (`.execute()`) fails this test: move the read into its module.
 */
const SQL_BUILDERS =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|execute|executeTakeFirst|executeTakeFirstOrThrow)\(|\bsql(`|<[^>]*>`|\.\w+\()/g;

/** Files allowed to build SQL, with why. By-id row loaders call their modules too, so none today. */
const ALLOWED: Record<string, string> = {};

const graphqlDir = import.meta.dirname;

const sourceFiles = () =>
  readdirSync(graphqlDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => relative(graphqlDir, join(e.parentPath, e.name)));

/** `file:line builder` for each statement builder in `source`. */
function sqlBuilders(file: string, source: string): string[] {
  return [...source.matchAll(SQL_BUILDERS)].map((m) => {
    const line = source.slice(0, m.index).split('\n').length;
    return `${file}:${line} ${m[0]}`;
  });
}

describe('graphql/ holds no SQL of its own', () => {
  it('the detector sees every builder and the sql tag, and nothing else', () => {
    const found = (source: string) => sqlBuilders('f.ts', source).map((s) => s.split(' ')[1]);
    expect(found("db.selectFrom('users')")).toEqual(['.selectFrom(']);
    expect(found("trx.insertInto('x').values(v)")).toEqual(['.insertInto(']);
    expect(found("db.updateTable('x')\n.deleteFrom('y')")).toEqual(['.updateTable(', '.deleteFrom(']);
    expect(found('const q = sql`SELECT 1`')).toEqual(['sql`']);
    expect(found('sql<number>`count(*)`')).toEqual(['sql<number>`']);
    expect(found('sql.ref(column)')).toEqual(['sql.ref(']);
    expect(found("visibleNotes(db).where('x', '=', 1).execute()")).toEqual(['.execute(']);
    expect(found('const mysql = 1; c.loaders.selectFromCache.load(1); // a sql query')).toEqual([]);
  });

  it('no non-test file under graphql/ builds SQL (beyond the allow-list)', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .filter((file) => !(file in ALLOWED))
      .flatMap((file) => sqlBuilders(file, readFileSync(join(graphqlDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
