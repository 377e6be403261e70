import { ESCALATION_POLICY_ERRORS as ERRORS, type EscalationRuleStatus, escalationRulesError } from '@meridian/domain';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import type { IncidentManagementEscalationPoliciesTable } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, forbidden, notFound } from '../../errors';
import { canProject } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { loadActiveActors } from '../../policy/load-actor';
import { requireActor } from '../../policy/require-actor';
import { findProjectRow, type ProjectRow, projectSubject } from '../namespaces';
import type { EscalationPolicyInput, EscalationPolicyUpdate } from './escalation-policy-params';

/**
 * GitLab's escalation policies (IncidentManagement::EscalationPolicy): a project's policy (one per
 * project) and its rules, each paging a user when an incident has not reached the rule's status
 * after its elapsed time. Reporters and up read them (read_incident_management_escalation_policy);
 * Maintainers and up change them (admin_incident_management_escalation_policy). What pages when is
 * in incident-escalations/ and escalation-paging.ts.
 */

export type EscalationPolicyRow = Selectable<IncidentManagementEscalationPoliciesTable>;
export interface EscalationRuleRow {
  id: number;
  policy_id: number;
  user_id: number;
  status: EscalationRuleStatus;
  elapsed_time_seconds: number;
}
export type EscalationPolicyWithRules = EscalationPolicyRow & { rules: EscalationRuleRow[] };

const mayRead = (actor: Actor | null, project: ProjectRow) =>
  canProject(actor, 'read_incident_management_escalation_policy', projectSubject(project));

/** The rules of these policies, by elapsed time then status (GitLab's order). */
async function rulesOf(db: Executor, policyIds: number[]): Promise<Map<number, EscalationRuleRow[]>> {
  const byPolicy = new Map<number, EscalationRuleRow[]>(policyIds.map((id) => [id, []]));
  if (policyIds.length === 0) return byPolicy;
  const rows = await db
    .selectFrom('incident_management_escalation_rules')
    .select(['id', 'policy_id', 'user_id', 'status', 'elapsed_time_seconds'])
    .where('policy_id', 'in', policyIds)
    .orderBy('elapsed_time_seconds')
    .orderBy('status')
    .orderBy('id')
    .execute();
  for (const row of rows) byPolicy.get(row.policy_id)?.push(row as EscalationRuleRow);
  return byPolicy;
}

async function withRules(db: Executor, policies: EscalationPolicyRow[]): Promise<EscalationPolicyWithRules[]> {
  const rules = await rulesOf(
    db,
    policies.map((p) => p.id),
  );
  return policies.map((p) => ({ ...p, rules: rules.get(p.id) ?? [] }));
}

async function oneWithRules(db: Executor, policy: EscalationPolicyRow): Promise<EscalationPolicyWithRules> {
  const [withItsRules] = await withRules(db, [policy]);
  return withItsRules as EscalationPolicyWithRules;
}

/** `Project.incidentManagementEscalationPolicies(name:)`: [] for who may not read them. */
export async function listEscalationPolicies(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  name?: string | null,
): Promise<EscalationPolicyWithRules[]> {
  if (!mayRead(actor, project)) return [];
  let query = db.selectFrom('incident_management_escalation_policies').selectAll().where('project_id', '=', project.id);
  if (name) query = query.where('name', '=', name);
  return withRules(db, await query.orderBy('id').limit(100).execute());
}

/** One policy, for who may read its project's policies; undefined otherwise (hidden and missing alike). */
export async function findEscalationPolicy(
  db: Database,
  actor: Actor | null,
  id: number,
): Promise<{ policy: EscalationPolicyWithRules; project: ProjectRow } | undefined> {
  const row = await db
    .selectFrom('incident_management_escalation_policies')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  const project = row ? await findProjectRow(db, { id: row.project_id }) : undefined;
  if (!row || !project || !mayRead(actor, project)) return undefined;
  const [policy] = await withRules(db, [row]);
  return policy ? { policy, project } : undefined;
}

/** The project, when the actor may change its policies: 404 when they may not see it, 403 when they only may. */
function assertMayAdmin(me: Actor, project: ProjectRow) {
  if (canProject(me, 'admin_incident_management_escalation_policy', projectSubject(project))) return;
  if (!canProject(me, 'read_project', projectSubject(project))) throw notFound('Project');
  throw forbidden(ERRORS.noPermission);
}

/**
 * The user ids the rules name, by username (any case): each must be an active user who may read
 * the project (GitLab's users_without_permissions?); 400 with GitLab's message otherwise.
 */
async function ruleUserIds(db: Database, project: ProjectRow, rules: EscalationPolicyInput['rules']) {
  const error = escalationRulesError(rules);
  if (error) throw badRequest(error, 'rules');
  const usernames = [...new Set(rules.map((r) => (r.username ?? '').toLowerCase()))];
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', usernames))
    .execute();
  const idOf = new Map(users.map((u) => [u.username.toLowerCase(), u.id]));
  const actors = await loadActiveActors(db, [...idOf.values()]);
  const readers = new Set(
    [...actors].filter(([, a]) => canProject(a, 'read_project', projectSubject(project))).map(([id]) => id),
  );
  return rules.map((rule) => {
    const id = idOf.get((rule.username ?? '').toLowerCase());
    if (id === undefined || !readers.has(id)) throw badRequest(ERRORS.badUsers, 'rules');
    return { user_id: id, status: rule.status, elapsed_time_seconds: rule.elapsedTimeSeconds };
  });
}

type RuleValues = Awaited<ReturnType<typeof ruleUserIds>>;
const ruleKey = (r: Pick<EscalationRuleRow, 'user_id' | 'status' | 'elapsed_time_seconds'>) =>
  `${r.user_id}/${r.status}/${r.elapsed_time_seconds}`;

/** Replaces a policy's rules: the ones kept stay (with their pending escalations), the others go. */
async function replaceRules(db: Executor, policyId: number, current: EscalationRuleRow[], wanted: RuleValues) {
  const wantedKeys = new Set(wanted.map(ruleKey));
  const currentKeys = new Set(current.map(ruleKey));
  const gone = current.filter((r) => !wantedKeys.has(ruleKey(r))).map((r) => r.id);
  if (gone.length) await db.deleteFrom('incident_management_escalation_rules').where('id', 'in', gone).execute();
  const added = wanted.filter((r) => !currentKeys.has(ruleKey(r)));
  if (added.length) {
    await db
      .insertInto('incident_management_escalation_rules')
      .values(added.map((r) => ({ ...r, policy_id: policyId })))
      .execute();
  }
}

/** Policy `id` with its project, for an actor who may administer them; 404 when missing or unreadable. */
async function policyToAdmin(db: Database, actor: Actor | null, id: number) {
  const me = requireActor(actor);
  const found = await findEscalationPolicy(db, me, id);
  if (!found) throw notFound('Escalation policy');
  assertMayAdmin(me, found.project);
  return found;
}

/** `escalationPolicyCreate`: one policy per project, with at least one rule. */
export async function createEscalationPolicy(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  input: EscalationPolicyInput,
): Promise<EscalationPolicyWithRules> {
  const me = requireActor(actor);
  assertMayAdmin(me, project);
  const rules = await ruleUserIds(db, project, input.rules);
  const existing = await db
    .selectFrom('incident_management_escalation_policies')
    .select('id')
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  if (existing) throw badRequest(ERRORS.onePerProject, 'projectPath');
  return withTransaction(db, async (trx) => {
    const policy = await trx
      .insertInto('incident_management_escalation_policies')
      .values({ project_id: project.id, name: input.name, description: input.description ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await replaceRules(trx, policy.id, [], rules);
    return oneWithRules(trx, policy);
  });
}

/** `escalationPolicyUpdate`: name, description, and the rules when given (an empty list is refused). */
export async function updateEscalationPolicy(
  db: Database,
  actor: Actor | null,
  id: number,
  input: EscalationPolicyUpdate,
): Promise<EscalationPolicyWithRules> {
  const found = await policyToAdmin(db, actor, id);
  const rules = input.rules != null ? await ruleUserIds(db, found.project, input.rules) : null;
  return withTransaction(db, async (trx) => {
    const policy = await trx
      .updateTable('incident_management_escalation_policies')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (rules) await replaceRules(trx, id, found.policy.rules, rules);
    return oneWithRules(trx, policy);
  });
}

/** `escalationPolicyDestroy`: its incidents keep no policy and page no more (the rows go with it). */
export async function destroyEscalationPolicy(
  db: Database,
  actor: Actor | null,
  id: number,
): Promise<EscalationPolicyWithRules> {
  const found = await policyToAdmin(db, actor, id);
  await db.deleteFrom('incident_management_escalation_policies').where('id', '=', id).execute();
  return found.policy;
}
