import { describe, expect, it } from 'vitest';
import { giveBackPglite, takeMigratedPglite } from './pglite-reuse';

/** What a file could leave behind in a database it hands on: rows, ids, session state, statistics. */
const leftovers = `
  SELECT (SELECT count(*)::int FROM users) AS users,
         (SELECT last_value::int FROM users_id_seq) AS last_user_id,
         (SELECT count(*)::int FROM pg_statistic
           WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)) AS statistics,
         current_setting('statement_timeout') AS statement_timeout,
         (SELECT count(*)::int FROM pg_class WHERE relpersistence = 't') AS temporary_tables`;

const insertUsers = `
  INSERT INTO users (username, email, name, password_hash)
  SELECT 'user' || g, 'user' || g || '@example.com', 'User', 'x' FROM generate_series(1, 300) g`;

// The spare database is the PGlite run's (`npm run test:pg` gives each file a PostgreSQL database).
describe.skipIf(process.env.TEST_DATABASE_URL)('a test file’s PGlite handed to the next file', () => {
  it('comes back as the template left it: no rows, ids from 1, no session state or statistics', async () => {
    const first = await takeMigratedPglite();
    const fresh = (await first.query(leftovers)).rows[0];
    await first.exec(`${insertUsers}; ANALYZE users; SET statement_timeout = '5s'; CREATE TEMP TABLE scratch (x int)`);
    await first.exec('BEGIN');
    expect((await first.query(leftovers)).rows[0]).not.toEqual(fresh);

    await giveBackPglite(first);
    const next = await takeMigratedPglite();
    expect(next).toBe(first);
    expect((await next.query(leftovers)).rows[0]).toEqual(fresh);
    await next.exec(insertUsers);
    expect((await next.query<{ id: number }>('SELECT min(id)::int AS id FROM users')).rows[0]?.id).toBe(1);
    await giveBackPglite(next);
  });

  it('is closed instead when the file changed the schema', async () => {
    const changed = await takeMigratedPglite();
    await changed.exec('ALTER TABLE labels ADD COLUMN leftover int');
    await giveBackPglite(changed);
    expect(changed.closed).toBe(true);
    const next = await takeMigratedPglite();
    expect(next).not.toBe(changed);
    await giveBackPglite(next);
  });
});
