import { describe, expect, it } from 'vitest';
import { useTestApp } from './use-test-app';

describe('test harness', () => {
  const t = useTestApp();

  it('serves a migrated database with pg_trgm', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/-/readiness' });
    expect(res.statusCode).toBe(200);
    const ext = await t.db
      .selectFrom('pg_extension' as never)
      .select('extname' as never)
      .execute();
    expect(ext.map((r) => (r as { extname: string }).extname)).toContain('pg_trgm');
  });

  it('answers /api/v4/version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: expect.any(String), revision: expect.any(String) });
  });
});
