import {
  type AccessRule,
  accessLevelDescription,
  ENVIRONMENT_TIERS,
  isValidEnvironmentName,
  type Protection,
} from '@meridian/domain';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import type { ProtectedEnvironmentAccessLevelsTable, ProtectedEnvironmentsTable } from '../../db/schema';
import { badRequest, forbidden, notFound, unprocessable } from '../../errors';
import { groupAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { NamespaceContainer, ProjectRow } from '../namespaces';
import { authorizeOnProject } from './deployment-access';
import type { AccessLevelInput, ApprovalRuleInput } from './deployment-params';
import type { EnvironmentRow } from './environments.service';

export type ProtectedEnvironmentRow = Selectable<ProtectedEnvironmentsTable>;
export type AccessLevelRow = Selectable<ProtectedEnvironmentAccessLevelsTable>;

export type ProtectionContainer = NamespaceContainer;

/** A protected environment with its deploy access levels and approval rules. */
export interface ProtectedEnvironment {
  row: ProtectedEnvironmentRow;
  deploy: AccessLevelRow[];
  approval: AccessLevelRow[];
}

/** Maintainers manage protected environments: of the project, or of the group for group-level ones. */
function authorizeAdmin(actor: Actor | null, container: ProtectionContainer): void {
  if (container.kind === 'project') {
    authorizeOnProject(actor, container.project, 'admin');
    return;
  }
  const me = requireActor(actor);
  if (!me.admin && groupAccessLevel(me, { traversalIds: container.group.traversal_ids }) < AccessLevel.MAINTAINER) {
    throw forbidden();
  }
}

function scoped(db: Executor, container: ProtectionContainer) {
  const q = db.selectFrom('protected_environments').selectAll();
  return container.kind === 'project'
    ? q.where('project_id', '=', container.project.id)
    : q.where('group_id', '=', container.group.id);
}

async function withLevels(db: Executor, rows: ProtectedEnvironmentRow[]): Promise<ProtectedEnvironment[]> {
  if (rows.length === 0) return [];
  const levels = await db
    .selectFrom('protected_environment_access_levels')
    .selectAll()
    .where(
      'protected_environment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    row,
    deploy: levels.filter((l) => l.protected_environment_id === row.id && l.kind === 'deploy'),
    approval: levels.filter((l) => l.protected_environment_id === row.id && l.kind === 'approval'),
  }));
}

export async function listProtectedEnvironments(
  db: Database,
  actor: Actor | null,
  container: ProtectionContainer,
): Promise<ProtectedEnvironment[]> {
  authorizeAdmin(actor, container);
  return withLevels(db, await scoped(db, container).orderBy('name').execute());
}

export async function findProtectedEnvironment(
  db: Executor,
  actor: Actor | null,
  container: ProtectionContainer,
  name: string,
): Promise<ProtectedEnvironment> {
  authorizeAdmin(actor, container);
  const row = await scoped(db, container).where('name', '=', name).executeTakeFirst();
  if (!row) throw notFound('Protected Environment');
  const [found] = await withLevels(db, [row]);
  if (!found) throw notFound('Protected Environment');
  return found;
}

function checkAccessLevel(entry: AccessLevelInput, field: string): void {
  const given = [entry.access_level, entry.user_id, entry.group_id].filter((v) => v !== undefined).length;
  if (given !== 1) throw badRequest(`${field} must name exactly one of access_level, user_id and group_id`, field);
}

async function checkReferences(db: Executor, entries: AccessLevelInput[], field: string): Promise<void> {
  const userIds = entries.flatMap((e) => (e.user_id === undefined ? [] : [e.user_id]));
  const groupIds = entries.flatMap((e) => (e.group_id === undefined ? [] : [e.group_id]));
  if (userIds.length > 0) {
    const found = await db.selectFrom('users').select('id').where('id', 'in', userIds).execute();
    if (found.length !== new Set(userIds).size) throw badRequest(`${field} user_id is invalid`, field);
  }
  if (groupIds.length > 0) {
    const found = await db
      .selectFrom('namespaces')
      .select('id')
      .where('type', '=', 'Group')
      .where('id', 'in', groupIds)
      .execute();
    if (found.length !== new Set(groupIds).size) throw badRequest(`${field} group_id is invalid`, field);
  }
}

async function insertLevels(
  db: Executor,
  protectedEnvironmentId: number,
  deploy: AccessLevelInput[] | undefined,
  approval: ApprovalRuleInput[] | undefined,
): Promise<void> {
  const rows = [
    ...(deploy ?? []).map((e) => ({ ...levelValues(e), kind: 'deploy', required_approvals: 0 })),
    ...(approval ?? []).map((e) => ({ ...levelValues(e), kind: 'approval', required_approvals: e.required_approvals })),
  ];
  if (rows.length === 0) return;
  await db
    .insertInto('protected_environment_access_levels')
    .values(rows.map((r) => ({ ...r, protected_environment_id: protectedEnvironmentId })))
    .execute();
}

function levelValues(e: AccessLevelInput) {
  return {
    access_level: e.access_level ?? null,
    user_id: e.user_id ?? null,
    group_id: e.group_id ?? null,
    group_inheritance_type: e.group_inheritance_type ?? 0,
  };
}

async function validateLevels(
  db: Executor,
  deploy: AccessLevelInput[] | undefined,
  approval: ApprovalRuleInput[] | undefined,
): Promise<void> {
  for (const e of deploy ?? []) checkAccessLevel(e, 'deploy_access_levels');
  for (const e of approval ?? []) checkAccessLevel(e, 'approval_rules');
  await checkReferences(db, deploy ?? [], 'deploy_access_levels');
  await checkReferences(db, approval ?? [], 'approval_rules');
}

export interface ProtectedEnvironmentInput {
  name: string;
  deploy_access_levels: AccessLevelInput[];
  required_approval_count?: number;
  approval_rules?: ApprovalRuleInput[];
}

export async function createProtectedEnvironment(
  db: Database,
  actor: Actor | null,
  container: ProtectionContainer,
  input: ProtectedEnvironmentInput,
): Promise<ProtectedEnvironment> {
  authorizeAdmin(actor, container);
  if (container.kind === 'group' && !(ENVIRONMENT_TIERS as readonly string[]).includes(input.name)) {
    throw badRequest(`name must be one of: ${ENVIRONMENT_TIERS.join(', ')}`, 'name');
  }
  if (container.kind === 'project' && !isValidEnvironmentName(input.name)) throw badRequest('name is invalid', 'name');
  await validateLevels(db, input.deploy_access_levels, input.approval_rules);
  const taken = await scoped(db, container).where('name', '=', input.name).executeTakeFirst();
  if (taken) throw unprocessable('Name has already been taken', 'name');
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('protected_environments')
      .values({
        project_id: container.kind === 'project' ? container.project.id : null,
        group_id: container.kind === 'group' ? container.group.id : null,
        name: input.name,
        required_approval_count: input.required_approval_count ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertLevels(trx, row.id, input.deploy_access_levels, input.approval_rules);
    return row.id;
  });
  return (
    await withLevels(db, [
      await db.selectFrom('protected_environments').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ])
  )[0] as ProtectedEnvironment;
}

/**
 * Updates a protection. Lists given replace the stored ones whole (GitLab's `_destroy` entries are
 * not needed: send the list wanted).
 */
export async function updateProtectedEnvironment(
  db: Database,
  actor: Actor | null,
  container: ProtectionContainer,
  name: string,
  input: Omit<Partial<ProtectedEnvironmentInput>, 'name'>,
): Promise<ProtectedEnvironment> {
  const existing = await findProtectedEnvironment(db, actor, container, name);
  await validateLevels(db, input.deploy_access_levels, input.approval_rules);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('protected_environments')
      .set({
        required_approval_count: input.required_approval_count ?? existing.row.required_approval_count,
        updated_at: new Date(),
      })
      .where('id', '=', existing.row.id)
      .execute();
    for (const [kind, list] of [
      ['deploy', input.deploy_access_levels],
      ['approval', input.approval_rules],
    ] as const) {
      if (list === undefined) continue;
      await trx
        .deleteFrom('protected_environment_access_levels')
        .where('protected_environment_id', '=', existing.row.id)
        .where('kind', '=', kind)
        .execute();
    }
    await insertLevels(trx, existing.row.id, input.deploy_access_levels, input.approval_rules);
  });
  return findProtectedEnvironment(db, actor, container, name);
}

export async function deleteProtectedEnvironment(
  db: Database,
  actor: Actor | null,
  container: ProtectionContainer,
  name: string,
): Promise<void> {
  const existing = await findProtectedEnvironment(db, actor, container, name);
  await db.deleteFrom('protected_environments').where('id', '=', existing.row.id).execute();
}

function toRule(l: AccessLevelRow): AccessRule {
  return {
    id: l.id,
    accessLevel: l.access_level,
    userId: l.user_id,
    groupId: l.group_id,
    requiredApprovals: l.required_approvals,
  };
}

export function toProtection(p: ProtectedEnvironment): Protection {
  return {
    requiredApprovalCount: p.row.required_approval_count,
    deployAccessLevels: p.deploy.map(toRule),
    approvalRules: p.approval.map(toRule),
  };
}

/** Protections of each environment (by id): the project's by name, and its groups' by tier. No permission check. */
export async function protectionsOfEnvironments(
  db: Executor,
  project: ProjectRow,
  environments: readonly EnvironmentRow[],
): Promise<Map<number, ProtectedEnvironment[]>> {
  const result = new Map<number, ProtectedEnvironment[]>(environments.map((e) => [e.id, []]));
  if (environments.length === 0) return result;
  const names = [...new Set(environments.map((e) => e.name))];
  const tiers = [...new Set(environments.map((e) => e.tier))];
  const groupIds = project.namespace_type === 'Group' ? project.namespace_traversal_ids : [];
  const rows = await db
    .selectFrom('protected_environments')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('project_id', '=', project.id), eb('name', 'in', names)]),
        ...(groupIds.length > 0 ? [eb.and([eb('group_id', 'in', groupIds), eb('name', 'in', tiers)])] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  const all = await withLevels(db, rows);
  for (const env of environments) {
    result.set(
      env.id,
      all.filter((p) => (p.row.project_id !== null ? p.row.name === env.name : p.row.name === env.tier)),
    );
  }
  return result;
}

/**
 * Names of each access level or rule (by id), the first its `access_level_description` (the role's
 * description, the user's name, the group's name), then what `represented_as` may also say (the
 * user's username).
 */
export async function describeLevels(db: Executor, rules: readonly AccessLevelRow[]): Promise<Map<number, string[]>> {
  const userIds = rules.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
  const groupIds = rules.flatMap((r) => (r.group_id === null ? [] : [r.group_id]));
  const users = userIds.length
    ? await db.selectFrom('users').select(['id', 'username', 'name']).where('id', 'in', userIds).execute()
    : [];
  const groups = groupIds.length
    ? await db.selectFrom('namespaces').select(['id', 'name']).where('id', 'in', groupIds).execute()
    : [];
  return new Map(
    rules.map((r) => {
      if (r.user_id !== null) {
        const u = users.find((x) => x.id === r.user_id);
        return [r.id, u ? [u.name, u.username] : ['']];
      }
      if (r.group_id !== null) return [r.id, [groups.find((g) => g.id === r.group_id)?.name ?? '']];
      return [r.id, [accessLevelDescription(r.access_level ?? 0)]];
    }),
  );
}
