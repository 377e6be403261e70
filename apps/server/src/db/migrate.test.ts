import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from './connection';
import { listMigrations, migrate } from './migrate';

const baseUrl = process.env.TEST_DATABASE_URL;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe.skipIf(!baseUrl)('migrate on PostgreSQL', () => {
  const name = `meridian_migrate_${randomBytes(6).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  beforeAll(() => admin(`CREATE DATABASE ${name}`));
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('lets three processes starting together on a fresh database all succeed, applying each migration once', async () => {
    const url = new URL(baseUrl as string);
    url.pathname = `/${name}`;
    // One pool each, as three server processes would have.
    for (let i = 0; i < 3; i += 1) handles.push(await connect({ url: url.toString(), poolSize: 2 }));
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
