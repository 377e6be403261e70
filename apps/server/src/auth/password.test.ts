import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes into the self-describing scrypt format with a random salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(a).not.toBe(b);
  });

  it('verifies with the cost stored in the hash', async () => {
    const cheap = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', cheap)).toBe(true);
  });

  const cases: Array<[string, string, boolean]> = [
    ['the right password', 'secret-password', true],
    ['a wrong password', 'Secret-password', false],
    ['an empty password', '', false],
    ['a prefix of the password', 'secret', false],
    ['unicode', 'sécret-pässword', false],
  ];
  it.each(cases)('%s', async (_label, attempt, expected) => {
    const stored = await hashPassword('secret-password');
    expect(await verifyPassword(attempt, stored)).toBe(expected);
  });

  const malformed: Array<[string, string]> = [
    ['a placeholder', '!'],
    ['an empty string', ''],
    ['another algorithm', 'bcrypt$10$abc$def$ghi$jkl'],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    ['N too large', 'scrypt$2147483648$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    ['missing fields', 'scrypt$16384$8$1$c2FsdA'],
    ['a short hash', 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0$aGFzaA'],
  ];
  it.each(malformed)('rejects %s', async (_label, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('asks for a re-hash only of valid hashes cheaper than the current cost', async () => {
    expect(needsRehash(await hashPassword('pw', { N: 1024, r: 8, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('pw'))).toBe(false);
    expect(needsRehash(await hashPassword('pw'), { N: 32768, r: 8, p: 1 })).toBe(true);
    expect(needsRehash('!')).toBe(false);
  });
});
