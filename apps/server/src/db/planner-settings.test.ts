import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../test/throwaway-database';
import { useTestApp } from '../test/use-test-app';
import { connect } from './connection';
import { RANDOM_PAGE_COST } from './planner-settings';

const t = useTestApp();
const serverUrl = process.env.TEST_DATABASE_URL;

async function randomPageCost(db: typeof t.db): Promise<string> {
  const { rows } = await sql<{ v: string }>`SELECT current_setting('random_page_cost') AS v`.execute(db);
  return rows[0]?.v ?? '';
}

describe('planner settings', () => {
  it(`sets random_page_cost to ${RANDOM_PAGE_COST} where it is at its default`, async () => {
    expect(await randomPageCost(t.db)).toBe(RANDOM_PAGE_COST);
  });

  it.runIf(serverUrl)("keeps an operator's own random_page_cost (ALTER DATABASE)", async () => {
    const database = await createThrowawayDatabase(serverUrl as string, 'planner_settings');
    try {
      const admin = await connect({ url: database.url, poolSize: 1 });
      await sql
        .raw(`ALTER DATABASE ${new URL(database.url).pathname.slice(1)} SET random_page_cost = 3.5`)
        .execute(admin.db);
      await admin.close();
      const handle = await connect({ url: database.url, poolSize: 1 });
      try {
        expect(await randomPageCost(handle.db)).toBe('3.5');
      } finally {
        await handle.close();
      }
    } finally {
      await database.drop();
    }
  });
});
