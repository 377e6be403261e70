import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, DomainError, forbidden } from '../../errors';
import { canGroup } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { type GroupRow, groupSubject } from '../namespaces';
import type { CreateLdapGroupLinkInput } from './ldap-params';

export interface LdapGroupLinkRow {
  cn: string;
  group_access: number;
  provider: string;
}

/** GitLab's `authorize! :admin_group`: the group's owners and administrators (403 for other readers). */
export function assertMayAdminGroup(actor: Actor | null, group: GroupRow): void {
  requireActor(actor);
  if (!canGroup(actor, 'admin_group', groupSubject(group))) throw forbidden();
}

/**
 * GitLab's `authenticated_with_ldap_admin_access!` for the LDAP group search: administrators, and
 * owners of a group (GitLab's default "Allow group owners to manage LDAP-related settings").
 * 401 anonymous, 403 anyone else.
 */
export function assertLdapAdminAccess(actor: Actor | null): void {
  const me = requireActor(actor);
  if (me.admin) return;
  if (!me.groupMemberships.some((m) => m.accessLevel >= AccessLevel.OWNER)) throw forbidden();
}

export async function listLdapGroupLinks(db: Database, actor: Actor | null, group: GroupRow) {
  assertMayAdminGroup(actor, group);
  const rows = await db
    .selectFrom('ldap_group_links')
    .select(['cn', 'group_access', 'provider'])
    .where('group_id', '=', group.id)
    .orderBy('id')
    .execute();
  if (rows.length === 0) throw new DomainError('not_found', 'No linked LDAP groups found');
  return rows;
}

export async function createLdapGroupLink(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
  input: CreateLdapGroupLinkInput,
  providers: readonly string[],
): Promise<LdapGroupLinkRow> {
  assertMayAdminGroup(actor, group);
  if (!providers.includes(input.provider)) throw badRequest('provider is invalid: no such LDAP server', 'provider');
  try {
    return await db
      .insertInto('ldap_group_links')
      .values({ group_id: group.id, cn: input.cn, group_access: input.group_access, provider: input.provider })
      .returning(['cn', 'group_access', 'provider'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('cn has already been taken');
    throw error;
  }
}

/** Removes the group's link to `cn` (of `provider`, or of any provider when not given). */
export async function deleteLdapGroupLink(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
  link: { cn: string; provider?: string },
): Promise<void> {
  assertMayAdminGroup(actor, group);
  let query = db
    .deleteFrom('ldap_group_links')
    .where('group_id', '=', group.id)
    .where(sql`lower(cn)`, '=', link.cn.toLowerCase());
  if (link.provider !== undefined) query = query.where('provider', '=', link.provider);
  const { numDeletedRows } = await query.executeTakeFirst();
  if (numDeletedRows === 0n) throw new DomainError('not_found', 'Linked LDAP group not found');
}
