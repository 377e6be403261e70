import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countStatements } from '../test/statement-count';
import { useTestApp } from '../test/use-test-app';
import { combinedReads } from './combined-reads';

const t = useTestApp();

describe('combinedReads', () => {
  it('sends the reads of one turn as one statement, each answering its own rows in order', async () => {
    const read = combinedReads(t.db);
    let answers: unknown[] = [];
    const statements = await countStatements(t.database, async () => {
      answers = await Promise.all([
        read(sql`SELECT n, n * 2 AS twice FROM generate_series(3, 1, -1) AS n ORDER BY n DESC`),
        read(t.db.selectFrom('users').select('id').where('id', '<', 0)),
        read(sql`SELECT 'x''y' AS text, ARRAY[1, 2]::int[] AS ids, DATE '2026-01-02' AS due_date`),
      ]);
    });
    expect(statements).toBe(1);
    expect(answers).toEqual([
      [
        { n: 3, twice: 6 },
        { n: 2, twice: 4 },
        { n: 1, twice: 2 },
      ],
      [],
      [{ text: "x'y", ids: [1, 2], due_date: '2026-01-02' }],
    ]);
  });

  it('gives timestamps back as Date, as the driver does, and leaves other text alone', async () => {
    const read = combinedReads(t.db);
    const [row] = await read<{ created_at: Date; title: string }>(
      sql`SELECT TIMESTAMPTZ '2026-01-02 03:04:05.678+00' AS created_at, '2026-01-02T03:04:05+00:00' AS title`,
    );
    expect(row?.created_at).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(row?.title).toBe('2026-01-02T03:04:05+00:00');
  });

  it('fails only the read that fails: the others of its statement answer, and the next turn runs anew', async () => {
    const read = combinedReads(t.db);
    const results = await Promise.allSettled([
      read(sql`SELECT 1 AS one`),
      read(sql`SELECT 1 / 0 AS boom`),
      read(sql`SELECT 2 AS two`),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toEqual({ status: 'fulfilled', value: [{ one: 1 }] });
    expect(results[2]).toEqual({ status: 'fulfilled', value: [{ two: 2 }] });
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('division by zero');
    expect(await read(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('answers an empty id list with no rows, combined or run alone after a failure', async () => {
    const read = combinedReads(t.db);
    const empty = () => read(t.db.selectFrom('users').select('id').where('id', 'in', []));
    expect(await empty()).toEqual([]);
    const [alone] = await Promise.allSettled([empty(), read(sql`SELECT 1 / 0 AS boom`)]);
    expect(alone).toEqual({ status: 'fulfilled', value: [] });
  });
});
