import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { authenticate, createAccount } from './accounts.service';
import { hashPassword, needsRehash } from './password';

describe('authenticate', () => {
  const t = useTestApp();

  const storedHash = async (username: string) =>
    (await t.db.selectFrom('users').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow())
      .password_hash;

  it('upgrades a hash stored with cheaper scrypt parameters on a successful sign-in', async () => {
    const user = await createAccount(t.db, {
      username: 'acct_old',
      name: 'Old Hash',
      email: 'acct_old@example.com',
      password: 'old-parameters',
    });
    const cheap = await hashPassword('old-parameters', { N: 1024, r: 8, p: 1 });
    await t.db.updateTable('users').set({ password_hash: cheap }).where('id', '=', user.id).execute();

    expect(await authenticate(t.db, 'acct_old', 'wrong-password')).toBeNull();
    expect(await storedHash('acct_old')).toBe(cheap);

    expect((await authenticate(t.db, 'acct_old', 'old-parameters'))?.id).toBe(user.id);
    const upgraded = await storedHash('acct_old');
    expect(upgraded).not.toBe(cheap);
    expect(needsRehash(upgraded)).toBe(false);
    expect((await authenticate(t.db, 'acct_old@example.com', 'old-parameters'))?.id).toBe(user.id);
  });
});
