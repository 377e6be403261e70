import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { bootstrapRoot } from './bootstrap-root';

describe('root bootstrap', () => {
  const t = useTestApp();

  it('creates root once with a generated password printed once, which signs in', async () => {
    const lines: string[] = [];
    const first = await bootstrapRoot(t.db, { print: (l) => lines.push(l) });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(lines.join('\n')).toContain(first.generatedPassword);
    const again = await bootstrapRoot(t.db, { password: 'ignored-now', print: (l) => lines.push(l) });
    expect(again).toEqual({ created: false });
    expect(lines).toHaveLength(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: 'root', password: first.generatedPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'root', is_admin: true });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(first.generatedPassword);
  });

  it('uses MERIDIAN_ROOT_PASSWORD when given', async () => {
    await t.db.deleteFrom('users').where('username', '=', 'root').execute();
    const lines: string[] = [];
    const result = await bootstrapRoot(t.db, { password: 'chosen-password', print: (l) => lines.push(l) });
    expect(result).toEqual({ created: true, generatedPassword: undefined });
    expect(lines).toHaveLength(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: 'admin@example.com', password: 'chosen-password' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('creates root once when several processes start together on a new database', async () => {
    await t.db.deleteFrom('namespaces').where('path', '=', 'root').execute();
    await t.db.deleteFrom('users').where('username', '=', 'root').execute();
    const lines: string[] = [];
    const starts = await Promise.all([1, 2, 3].map(() => bootstrapRoot(t.db, { print: (l) => lines.push(l) })));
    expect(starts.filter((s) => s.created)).toHaveLength(1);
    expect(lines).toHaveLength(1);
    const roots = await t.db.selectFrom('users').select('id').where('username', '=', 'root').execute();
    expect(roots).toHaveLength(1);
  });
});
