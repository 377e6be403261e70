import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin = '';
let user = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createToken(t.db, (await createUser(t.db, { username: 'settings-admin', admin: true })).id);
  user = await createToken(t.db, (await createUser(t.db, { username: 'settings-user' })).id);
});
afterAll(() => t.close());

const config = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/-/config.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const put = (token: string | undefined, payload: Record<string, unknown>, url = '/api/v4/application/settings') =>
  t.app.inject({ method: 'PUT', url, headers: token ? { 'private-token': token } : {}, payload });

describe('application settings', () => {
  it('defaults before anything is stored, for anyone, without authentication', async () => {
    expect(await config()).toEqual({ first_day_of_week: 0, roadmap_epics_limit: 1000 });
  });

  it('GET /application/settings: admins only (401 anonymous, 403 others)', async () => {
    const get = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v4/application/settings',
        headers: token ? { 'private-token': token } : {},
      });
    expect((await get()).statusCode).toBe(401);
    expect((await get(user)).statusCode).toBe(403);
    const ok = await get(admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ first_day_of_week: 0, roadmap_epics_limit: 1000 });
  });

  it('PUT: admins only, nothing stored on refusal', async () => {
    expect((await put(undefined, { first_day_of_week: 1 })).statusCode).toBe(401);
    const refused = await put(user, { first_day_of_week: 1 });
    expect(refused.statusCode).toBe(403);
    expect(await config()).toEqual({ first_day_of_week: 0, roadmap_epics_limit: 1000 });
  });

  it('PUT stores JSON and form/query values and /-/config.json serves them', async () => {
    const res = await put(admin, { first_day_of_week: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ first_day_of_week: 1, roadmap_epics_limit: 1000 });
    expect(await config()).toEqual({ first_day_of_week: 1, roadmap_epics_limit: 1000 });
    const query = await put(admin, {}, '/api/v4/application/settings?roadmap_epics_limit=250&first_day_of_week=6');
    expect(query.json()).toEqual({ first_day_of_week: 6, roadmap_epics_limit: 250 });
    expect(await config()).toEqual({ first_day_of_week: 6, roadmap_epics_limit: 250 });
  });

  it('400 naming the field for out-of-range or malformed values, and when nothing is given', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_day_of_week: 7 }, 'first_day_of_week'],
      [{ first_day_of_week: -1 }, 'first_day_of_week'],
      [{ first_day_of_week: 1.5 }, 'first_day_of_week'],
      [{ first_day_of_week: 'monday' }, 'first_day_of_week'],
      [{ first_day_of_week: null }, 'first_day_of_week'],
      [{ roadmap_epics_limit: 0 }, 'roadmap_epics_limit'],
      [{ roadmap_epics_limit: 100_001 }, 'roadmap_epics_limit'],
      [{ roadmap_epics_limit: '12abc' }, 'roadmap_epics_limit'],
      [{}, 'first_day_of_week'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(await config()).toEqual({ first_day_of_week: 6, roadmap_epics_limit: 250 });
  });

  it('falls back to the default when a stored value is out of range', async () => {
    await t.db
      .updateTable('application_settings')
      .set({ value: JSON.stringify(42) })
      .where('key', '=', 'first_day_of_week')
      .execute();
    expect(await config()).toEqual({ first_day_of_week: 0, roadmap_epics_limit: 250 });
  });
});
