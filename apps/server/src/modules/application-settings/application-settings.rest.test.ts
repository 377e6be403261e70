import { beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();
let admin = '';
let user = '';

beforeAll(async () => {
  admin = await createToken(t.db, (await createUser(t.db, { username: 'settings-admin', admin: true })).id);
  user = await createToken(t.db, (await createUser(t.db, { username: 'settings-user' })).id);
});
const config = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/-/config.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** GitLab's defaults for the settings it shares with Meridian. */
const GITLAB_DEFAULTS = {
  signup_enabled: true,
  allow_group_creation_for_users: true,
  throttle_protected_paths_requests_per_period: 10,
  throttle_protected_paths_period_in_seconds: 60,
  max_login_attempts: 10,
  failed_login_attempts_unlock_period_in_minutes: 10,
  throttle_authenticated_api_requests_per_period: 7200,
  throttle_authenticated_api_period_in_seconds: 3600,
  throttle_unauthenticated_api_requests_per_period: 3600,
  throttle_unauthenticated_api_period_in_seconds: 3600,
  notes_create_limit: 300,
  search_rate_limit: 30,
  search_rate_limit_unauthenticated: 10,
};

/** The public view: the two calendar/roadmap settings plus the sign-up switch. */
const pub = (first_day_of_week: number, roadmap_epics_limit: number, signup_enabled = true) => ({
  first_day_of_week,
  roadmap_epics_limit,
  signup_enabled,
});

const put = (token: string | undefined, payload: Record<string, unknown>, url = '/api/v4/application/settings') =>
  t.app.inject({ method: 'PUT', url, headers: token ? { 'private-token': token } : {}, payload });

describe('application settings', () => {
  it('defaults before anything is stored, for anyone, without authentication', async () => {
    expect(await config()).toEqual(pub(0, 1000));
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
    expect(ok.json()).toMatchObject(pub(0, 1000));
    expect(ok.json()).toMatchObject(GITLAB_DEFAULTS);
  });

  it('PUT: admins only, nothing stored on refusal', async () => {
    expect((await put(undefined, { first_day_of_week: 1 })).statusCode).toBe(401);
    const refused = await put(user, { first_day_of_week: 1 });
    expect(refused.statusCode).toBe(403);
    expect(await config()).toEqual(pub(0, 1000));
  });

  it('PUT stores JSON and form/query values and /-/config.json serves them', async () => {
    const res = await put(admin, { first_day_of_week: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(pub(1, 1000));
    expect(await config()).toEqual(pub(1, 1000));
    const query = await put(admin, {}, '/api/v4/application/settings?roadmap_epics_limit=250&first_day_of_week=6');
    expect(query.json()).toMatchObject(pub(6, 250));
    expect(await config()).toEqual(pub(6, 250));
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
    expect(await config()).toEqual(pub(6, 250));
  });

  it('falls back to the default when a stored value is out of range', async () => {
    await t.db
      .updateTable('application_settings')
      .set({ value: JSON.stringify(42) })
      .where('key', '=', 'first_day_of_week')
      .execute();
    expect(await config()).toEqual(pub(0, 250));
  });

  it('stores booleans and limits (JSON or form strings); only signup_enabled is public', async () => {
    const res = await put(admin, {
      signup_enabled: false,
      allow_group_creation_for_users: 'false',
      notes_create_limit: '5',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      signup_enabled: false,
      allow_group_creation_for_users: false,
      notes_create_limit: 5,
    });
    expect(await config()).toEqual(pub(0, 250, false));
    const back = await put(admin, {
      signup_enabled: true,
      allow_group_creation_for_users: true,
      notes_create_limit: 0,
    });
    expect(back.json()).toMatchObject({
      signup_enabled: true,
      allow_group_creation_for_users: true,
      notes_create_limit: 0,
    });
  });

  it('400 naming the field for a bad boolean or limit, nothing stored', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ signup_enabled: 'maybe' }, 'signup_enabled'],
      [{ allow_group_creation_for_users: 2 }, 'allow_group_creation_for_users'],
      [{ search_rate_limit: -1 }, 'search_rate_limit'],
      [{ throttle_protected_paths_period_in_seconds: 0 }, 'throttle_protected_paths_period_in_seconds'],
      [{ throttle_unauthenticated_api_requests_per_period: 1.5 }, 'throttle_unauthenticated_api_requests_per_period'],
      [{ failed_login_attempts_unlock_period_in_minutes: 'ten' }, 'failed_login_attempts_unlock_period_in_minutes'],
      [{ signup_enabled: false, max_login_attempts: 10_000_000 }, 'max_login_attempts'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await config()).signup_enabled).toBe(true);
  });
});
