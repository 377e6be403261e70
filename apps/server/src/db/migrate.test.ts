import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database';
import { connect, type DatabaseHandle } from './connection';
import { listMigrations, migrate } from './migrate';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('migrate on PostgreSQL', () => {
  let database: ThrowawayDatabase | undefined;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    database = await createThrowawayDatabase(baseUrl as string, 'meridian_migrate');
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await database?.drop();
  });

  it('lets three processes starting together on a fresh database all succeed, applying each migration once', async () => {
    const url = database?.url as string;
    // One pool each, as three server processes would have.
    for (let i = 0; i < 3; i += 1) handles.push(await connect({ url, poolSize: 2 }));
    const runs = await Promise.all(handles.map((h) => migrate(h.db)));
    const all = listMigrations().map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`);
    expect(runs.flat().sort()).toEqual(all);
    expect(runs.filter((ran) => ran.length > 0)).toHaveLength(1);
    const rows = await handles[0]!.db
      .selectFrom('schema_migrations' as never)
      .select('version' as never)
      .execute();
    expect(rows).toHaveLength(all.length);
  }, 120_000);
});
