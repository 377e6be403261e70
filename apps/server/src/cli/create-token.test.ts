import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { CliError } from './cli-error';
import { createTokenForUsername } from './create-token';

describe('create-token command', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await createUser(t.db, { username: 'cli_user' });
    await createUser(t.db, { username: 'cli_blocked', state: 'blocked' });
  });

  it('prints a token that works against GET /api/v4/user', async () => {
    const token = await createTokenForUsername(t.db, { user: 'CLI_user', scopes: 'api,read_api', name: 'script' });
    expect(token).toMatch(/^glpat-[A-Za-z0-9_-]{24}$/);
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/user', headers: { 'private-token': token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('cli_user');
    const row = await t.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('name', '=', 'script')
      .executeTakeFirstOrThrow();
    expect(row.scopes).toEqual(['api', 'read_api']);
    expect(row.expires_at).toBeNull();
  });

  it('takes an expiry date', async () => {
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const token = await createTokenForUsername(t.db, { user: 'cli_user', scopes: 'read_api', expiresAt: date });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/personal_access_tokens/self',
      headers: { 'private-token': token },
    });
    expect(res.json()).toMatchObject({ expires_at: date, scopes: ['read_api'], name: 'meridian-cli' });
  });

  const failures: Array<[string, { user: string; scopes: string; expiresAt?: string }, RegExp]> = [
    ['an unknown user', { user: 'ghost', scopes: 'api' }, /No user with the username "ghost"/],
    ['a blocked user', { user: 'cli_blocked', scopes: 'api' }, /is blocked/],
    ['unknown scopes', { user: 'cli_user', scopes: 'api,sudo' }, /Invalid --scopes \(sudo\)/],
    ['empty scopes', { user: 'cli_user', scopes: ',' }, /Invalid --scopes/],
    ['a past date', { user: 'cli_user', scopes: 'api', expiresAt: '2000-01-01' }, /--expires-at.*future/],
    ['a malformed date', { user: 'cli_user', scopes: 'api', expiresAt: '01/02/2030' }, /--expires-at.*YYYY-MM-DD/],
  ];
  it.each(failures)('refuses %s with a clear CliError', async (_label, options, message) => {
    const attempt = createTokenForUsername(t.db, options);
    await expect(attempt).rejects.toBeInstanceOf(CliError);
    await expect(createTokenForUsername(t.db, options)).rejects.toThrow(message);
  });
});
