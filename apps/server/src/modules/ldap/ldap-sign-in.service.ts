import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/connection';
import { isUniqueViolation } from '../../db/unique-violation';
import { isReservedTopLevelPath } from '../namespaces';
import type { UserRow } from '../users';
import {
  findLdapPerson,
  LDAP_PROVIDER,
  type LdapPerson,
  type LdapSettings,
  ldapPasswordMatches,
} from './ldap-directory';
import { syncLdapGroupLinks } from './ldap-sync.service';

/**
 * LDAP sign-in (GitLab's `ldapmain`): the service account finds the one person whose LDAP_UID (or
 * mail) is `login`, the password is checked by binding as that person's DN, then the Meridian user
 * of that DN (identity provider=ldapmain, extern_uid=DN) is found, or linked by email, or created;
 * and the user's LDAP group links are synced. Null for an unknown login, a wrong password or a
 * blocked user: the caller answers them alike.
 */
export async function authenticateLdap(
  db: Database,
  settings: LdapSettings,
  login: string,
  password: string,
  onSyncError?: (error: unknown) => void,
): Promise<UserRow | null> {
  const person = await findLdapPerson(settings, login.trim());
  if (!person || !(await ldapPasswordMatches(settings, person.dn, password))) return null;
  const user = await ldapUser(db, person);
  if (user?.state !== 'active') return null;
  // A sync that fails (the directory went away between the bind and the group search) does not
  // refuse a sign-in that succeeded: the memberships are synced again by the hourly run.
  await syncLdapGroupLinks(db, settings, { userId: user.id }).catch((error: unknown) => onSyncError?.(error));
  return user;
}

async function userOfIdentity(db: Database, dn: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('identities')
    .innerJoin('users', 'users.id', 'identities.user_id')
    .selectAll('users')
    .where('identities.provider', '=', LDAP_PROVIDER)
    .where(sql`lower(identities.extern_uid)`, '=', dn.toLowerCase())
    .executeTakeFirst();
}

/** The user of `person`: by identity, else the non-administrator with the same email (linked), else a new one. */
async function ldapUser(db: Database, person: LdapPerson): Promise<UserRow | null> {
  const known = await userOfIdentity(db, person.dn);
  if (known) return known;
  try {
    return await db.transaction().execute(async (trx) => {
      // As GitLab, a directory entry is linked to the local user with its email — except an
      // administrator: whoever may edit the directory must not become one by copying an email.
      const byEmail = person.email
        ? await trx
            .selectFrom('users')
            .selectAll()
            .where(sql`lower(email)`, '=', person.email.toLowerCase())
            .where('admin', '=', false)
            .executeTakeFirst()
        : undefined;
      const user = byEmail ?? (await createLdapUser(trx, person));
      await trx
        .insertInto('identities')
        .values({ user_id: user.id, provider: LDAP_PROVIDER, extern_uid: person.dn })
        .execute();
      return user;
    });
  } catch (error) {
    // A concurrent first sign-in of the same person won, or the email's user is linked to another DN.
    if (isUniqueViolation(error)) return (await userOfIdentity(db, person.dn)) ?? null;
    throw error;
  }
}

const USERNAME_CHARS = /[^A-Za-z0-9_.-]/g;

/** A free username from the LDAP uid (GitLab's: uid, then uid1, uid2, …). */
async function freeUsername(db: Database, uid: string): Promise<string> {
  const base =
    uid
      .replace(USERNAME_CHARS, '')
      .replace(/^[.-]+/, '')
      .replace(/(\.|\.git|\.atom)$/i, '')
      .slice(0, 200) || 'ldap-user';
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}${n}`;
    if (isReservedTopLevelPath(candidate)) continue;
    const taken = await db
      .selectFrom('namespaces')
      .select('id')
      .where('parent_id', 'is', null)
      .where(sql`lower(path)`, '=', candidate.toLowerCase())
      .unionAll(db.selectFrom('users').select('id').where(sql`lower(username)`, '=', candidate.toLowerCase()))
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error(`no free username for LDAP uid ${uid}`);
}

/**
 * A new active user for `person` with its personal namespace. Its password is random and never
 * told: the user signs in through LDAP.
 */
async function createLdapUser(db: Database, person: LdapPerson): Promise<UserRow> {
  const username = await freeUsername(db, person.uid);
  const user = await db
    .insertInto('users')
    .values({
      username,
      name: person.name.trim().slice(0, 255) || username,
      // GitLab makes up `temp-email-for-oauth-…` when the directory has none.
      email: person.email ?? `temp-email-for-ldap-${username}@${LDAP_PROVIDER}.invalid`,
      password_hash: await hashPassword(randomBytes(32).toString('base64url')),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('namespaces')
    .values({ type: 'User', name: user.name, path: user.username, owner_id: user.id })
    .execute();
  return user;
}
