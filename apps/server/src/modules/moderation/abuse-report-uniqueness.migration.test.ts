import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listMigrations, migrate } from '../../db/migrate';
import { isUniqueViolation } from '../../db/unique-violation';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * Migration 0023 on a database that already holds duplicate abuse reports (stored before the
 * uniqueness rule): it keeps the oldest of each reporter, reported user and category, then the
 * unique index refuses a new duplicate.
 */
const t = useTestApp();

it('keeps the oldest of each duplicate, then refuses a new one', async () => {
  const migration = listMigrations().find((m) => m.name === 'abuse_report_uniqueness');
  expect(migration).toBeDefined();
  // Back to the schema before 0023, as an upgraded install has it.
  await sql`DROP INDEX abuse_reports_reporter_user_category_idx`.execute(t.db);
  await sql`DELETE FROM schema_migrations WHERE version = ${migration?.version}`.execute(t.db);

  const [reporter, other, reported] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
  const row = (reporterId: number | null, category: string, createdAt: string) => ({
    reporter_id: reporterId,
    user_id: reported.id,
    category,
    created_at: new Date(createdAt),
  });
  const inserted = await t.db
    .insertInto('abuse_reports')
    .values([
      row(reporter.id, 'spam', '2026-11-02T00:00:00Z'),
      row(reporter.id, 'spam', '2026-11-01T00:00:00Z'), // the oldest spam report: kept
      row(reporter.id, 'spam', '2026-11-03T00:00:00Z'),
      row(reporter.id, 'offensive', '2026-11-04T00:00:00Z'),
      row(other.id, 'spam', '2026-11-05T00:00:00Z'),
      row(null, 'spam', '2026-11-06T00:00:00Z'), // reporters deleted since: never duplicates
      row(null, 'spam', '2026-11-07T00:00:00Z'),
    ])
    .returning('id')
    .execute();
  const ids = inserted.map((r) => r.id);

  expect(await migrate(t.db)).toEqual(['0023_abuse_report_uniqueness']);
  const kept = await t.db
    .selectFrom('abuse_reports')
    .select('id')
    .where('user_id', '=', reported.id)
    .orderBy('id')
    .execute();
  expect(kept.map((r) => r.id)).toEqual([ids[1], ids[3], ids[4], ids[5], ids[6]]);

  const duplicate = await t.db
    .insertInto('abuse_reports')
    .values(row(reporter.id, 'offensive', '2026-11-08T00:00:00Z'))
    .execute()
    .catch((error: unknown) => error);
  expect(isUniqueViolation(duplicate)).toBe(true);
});
