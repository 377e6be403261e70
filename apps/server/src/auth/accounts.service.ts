import { sql } from 'kysely';
import type { Database } from '../db/connection';
import { isUniqueViolation } from '../db/unique-violation';
import { unprocessable } from '../errors';
import { isReservedTopLevelPath } from '../modules/namespaces';
import type { UserRow } from '../modules/users';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';

export const MIN_PASSWORD_LENGTH = 8;
const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export interface NewAccount {
  username: string;
  name: string;
  email: string;
  password: string;
  admin?: boolean;
}

/** 422s naming the field for an account that cannot be created as asked. */
async function validateAccount(db: Database, input: NewAccount): Promise<void> {
  const { username, email } = input;
  if (!USERNAME.test(username) || /(\.|\.git|\.atom)$/i.test(username) || isReservedTopLevelPath(username)) {
    throw unprocessable('username is invalid', 'username');
  }
  if (input.name.trim().length === 0 || input.name.length > 255) throw unprocessable('name is invalid', 'name');
  if (!EMAIL.test(email) || email.length > 255) throw unprocessable('email is invalid', 'email');
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw unprocessable(`password is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`, 'password');
  }
  if (input.password.length > 128) throw unprocessable('password is too long (maximum is 128 characters)', 'password');
  const taken = await db
    .selectFrom('users')
    .select([
      sql<boolean>`lower(username) = lower(${username})`.as('same_username'),
      sql<boolean>`lower(email) = lower(${email})`.as('same_email'),
    ])
    .where((eb) =>
      eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]),
    )
    .execute();
  if (taken.some((r) => r.same_username)) throw unprocessable('username has already been taken', 'username');
  // GitLab gives the same answer; sign-up is rate limited, and nothing else maps an email to an account.
  if (taken.some((r) => r.same_email)) throw unprocessable('email has already been taken', 'email');
  const namespace = await db
    .selectFrom('namespaces')
    .select('id')
    .where('parent_id', 'is', null)
    .where(sql`lower(path)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (namespace) throw unprocessable('username has already been taken', 'username');
}

/**
 * Creates a user and its personal namespace (type 'User', path = username), as GitLab does, in one
 * transaction. Throws 422 (field named) for invalid or taken usernames/emails and short passwords.
 */
export async function createAccount(db: Database, input: NewAccount): Promise<UserRow & { namespace_id: number }> {
  await validateAccount(db, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          username: input.username,
          name: input.name.trim(),
          email: input.email,
          password_hash: passwordHash,
          admin: input.admin ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const namespace = await trx
        .insertInto('namespaces')
        .values({ type: 'User', name: user.name, path: user.username, owner_id: user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...user, namespace_id: namespace.id };
    });
  } catch (error) {
    // Lost a race with a concurrent sign-up between the check and the insert.
    if (isUniqueViolation(error)) {
      const field = error.constraint?.includes('email') ? 'email' : 'username';
      throw unprocessable(`${field} has already been taken`, field);
    }
    throw error;
  }
}

/**
 * The active user whose username or email (case-insensitive) is `login` and whose password matches,
 * or null. Unknown logins still cost one hash verification, so timing does not reveal them.
 */
export async function authenticate(db: Database, login: string, password: string): Promise<UserRow | null> {
  const needle = login.trim().toLowerCase();
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', needle), eb(sql`lower(email)`, '=', needle)]))
    .orderBy(sql`lower(username) = ${needle}`, 'desc')
    .executeTakeFirst();
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok || user.state !== 'active') return null;
  if (needsRehash(user.password_hash)) await upgradePasswordHash(db, user, password);
  return user;
}

/**
 * Re-hashes a password stored with older, cheaper scrypt parameters, now that the plain password is
 * known. Only replaces the hash that was verified, so a concurrent password change wins.
 */
async function upgradePasswordHash(db: Database, user: UserRow, password: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', user.id)
    .where('password_hash', '=', user.password_hash)
    .execute();
}

/** The personal namespace id of a user, or null when it has none (seeded and test users may not). */
export async function userNamespaceId(db: Database, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('namespaces')
    .select('id')
    .where('type', '=', 'User')
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return row?.id ?? null;
}
