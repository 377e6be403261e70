import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { combinedReads } from './combined-reads';
import { MAX_PREPARED_PER_CONNECTION, PREPARE_MARK } from './prepared-statements';

const t = useTestApp();

/** The named statements of the connection `trx` runs on. */
async function preparedTexts(db: typeof t.db): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements
    WHERE name LIKE 'meridian\\_%' ORDER BY prepare_time`.execute(db);
  return rows.map((r) => r.statement);
}

describe('prepared statements', () => {
  it('prepares a combined read once per connection, one text for every page size', async () => {
    await t.db.transaction().execute(async (trx) => {
      const before = (await preparedTexts(trx)).length;
      const read = combinedReads(trx);
      const byIds = (ids: number[]) => trx.selectFrom('users').select('id').where('id', 'in', ids);
      expect(await read(byIds([-1, -2]))).toEqual([]);
      expect(await read(byIds([-1, -2, -3, -4]))).toEqual([]);
      const texts = await preparedTexts(trx);
      expect(texts.length - before).toBeLessThanOrEqual(1);
      expect(texts.some((text) => text.startsWith(PREPARE_MARK) && text.includes('= any($1)'))).toBe(true);
    });
  });

  it('leaves unmarked statements unnamed', async () => {
    await t.db.transaction().execute(async (trx) => {
      const before = await preparedTexts(trx);
      await sql`SELECT ${'not prepared'}::text AS x`.execute(trx);
      expect(await preparedTexts(trx)).toEqual(before);
    });
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} per connection; further texts still run, unnamed`, async () => {
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION; i++) {
        const { rows } = await sql<{ n: number }>`${sql.raw(PREPARE_MARK)}SELECT ${sql.lit(i)}::int AS n`.execute(trx);
        expect(rows).toEqual([{ n: i }]);
      }
      expect((await preparedTexts(trx)).length).toBe(MAX_PREPARED_PER_CONNECTION);
    });
  });
});
