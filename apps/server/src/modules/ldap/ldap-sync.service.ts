import type { Database } from '../../db/connection';
import { AccessLevel } from '../../policy/access-levels';
import { recordSeatUsage } from '../members';
import { LDAP_PROVIDER, type LdapSettings, ldapGroupMembers, normalizeDn } from './ldap-directory';

export interface LdapSyncResult {
  added: number;
  updated: number;
  removed: number;
}

/**
 * GitLab's LDAP group sync: in every group with LDAP group links, each Meridian user with an
 * `ldapmain` identity is a direct member with the highest `group_access` of the linked LDAP groups
 * that list the user's DN (member, uniqueMember) or uid (memberUid), and is no member when none
 * does. Members without an LDAP identity are left alone, and the last owner of a group is kept.
 * `userId` limits the sync to one user (at that user's sign-in), `groupId` to one group
 * (`POST /groups/:id/ldap_sync`); without them every LDAP user in every linked group is synced
 * (`meridian ldap-sync`, the worker's hourly run).
 */
export async function syncLdapGroupLinks(
  db: Database,
  settings: LdapSettings,
  options: { userId?: number; groupId?: number } = {},
): Promise<LdapSyncResult> {
  const result: LdapSyncResult = { added: 0, updated: 0, removed: 0 };
  let linkQuery = db
    .selectFrom('ldap_group_links')
    .innerJoin('namespaces', 'namespaces.id', 'ldap_group_links.group_id')
    .select([
      'ldap_group_links.group_id',
      'ldap_group_links.cn',
      'ldap_group_links.group_access',
      'namespaces.traversal_ids',
    ])
    .where('ldap_group_links.provider', '=', LDAP_PROVIDER);
  if (options.groupId !== undefined) linkQuery = linkQuery.where('ldap_group_links.group_id', '=', options.groupId);
  const links = await linkQuery.execute();
  if (links.length === 0) return result;

  let identities = db
    .selectFrom('identities')
    .innerJoin('users', 'users.id', 'identities.user_id')
    .select(['identities.user_id', 'identities.extern_uid', 'users.username'])
    .where('identities.provider', '=', LDAP_PROVIDER);
  if (options.userId !== undefined) identities = identities.where('identities.user_id', '=', options.userId);
  const ldapUsers = await identities.execute();
  if (ldapUsers.length === 0) return result;

  const members = new Map<string, { dns: Set<string>; uids: Set<string> }>();
  for (const cn of new Set(links.map((l) => l.cn.toLowerCase()))) {
    // A group the directory no longer has lists nobody, as in GitLab.
    members.set(cn, (await ldapGroupMembers(settings, cn)) ?? { dns: new Set(), uids: new Set() });
  }

  const groups = new Map<number, { rootId: number; links: typeof links }>();
  for (const link of links) {
    const entry = groups.get(link.group_id) ?? { rootId: link.traversal_ids[0] ?? link.group_id, links: [] };
    entry.links.push(link);
    groups.set(link.group_id, entry);
  }

  for (const [groupId, group] of groups) {
    const desired = new Map<number, number>();
    for (const user of ldapUsers) {
      const dn = normalizeDn(user.extern_uid);
      for (const link of group.links) {
        const listed = members.get(link.cn.toLowerCase());
        if (!listed || !(listed.dns.has(dn) || listed.uids.has(user.username.toLowerCase()))) continue;
        desired.set(user.user_id, Math.max(desired.get(user.user_id) ?? 0, link.group_access));
      }
    }
    const changed = await db.transaction().execute(async (trx) => {
      const before = result.added + result.updated + result.removed;
      const current = await trx
        .selectFrom('group_members')
        .select(['user_id', 'access_level'])
        .where('group_id', '=', groupId)
        .where(
          'user_id',
          'in',
          ldapUsers.map((u) => u.user_id),
        )
        .forUpdate()
        .execute();
      const currentLevel = new Map(current.map((m) => [m.user_id, m.access_level]));
      for (const [userId, level] of desired) {
        const had = currentLevel.get(userId);
        if (had === undefined) {
          await trx
            .insertInto('group_members')
            .values({ group_id: groupId, user_id: userId, access_level: level })
            .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ access_level: level }))
            .execute();
          result.added++;
        } else if (had !== level) {
          await trx
            .updateTable('group_members')
            .set({ access_level: level })
            .where('group_id', '=', groupId)
            .where('user_id', '=', userId)
            .execute();
          result.updated++;
        }
      }
      for (const [userId, level] of currentLevel) {
        if (desired.has(userId)) continue;
        if (level >= AccessLevel.OWNER && (await ownerCount(trx, groupId)) <= 1) continue;
        await trx.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
        result.removed++;
      }
      return result.added + result.updated + result.removed > before;
    });
    if (changed) await recordSeatUsage(db, group.rootId);
  }
  return result;
}

async function ownerCount(db: Database, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .where('access_level', '>=', AccessLevel.OWNER)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
