import {
  type ApprovalRecord,
  type ApprovalSummaryStatus,
  approvalSummaryStatus,
  canDeployTo,
  decideApproval,
  ENVIRONMENT_NAME_MESSAGE,
  initialDeploymentStatus,
  isValidEnvironmentName,
  type Protection,
  pendingApprovalCount,
  statusAfterApproval,
  statusChangeRefusal,
} from '@meridian/domain';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { offsetPage } from '../../db/list-page';
import type { DeploymentApprovalsTable, DeploymentsTable } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { nextIid } from '../internal-ids';
import type { ProjectRow } from '../namespaces';
import { approverOf, authorizeOnProject, mayOnProject } from './deployment-access';
import type { EnvironmentRow } from './environments.service';
import { findOrCreateEnvironmentByName } from './environments.service';
import {
  describeLevels,
  type ProtectedEnvironment,
  protectionsOfEnvironments,
  toProtection,
} from './protected-environments.service';

export type DeploymentRow = Selectable<DeploymentsTable>;
export type DeploymentApprovalRow = Selectable<DeploymentApprovalsTable>;

/** A refusal GitLab answers 400 with a body of its own: `{message: "…"}` or `{message: {status: ["…"]}}`. */
export class DeploymentRefusal extends Error {
  constructor(readonly body: { message: unknown }) {
    super(typeof body.message === 'string' ? body.message : JSON.stringify(body.message));
    this.name = 'DeploymentRefusal';
  }
}

const FINISHED = new Set(['success', 'failed', 'canceled']);

export interface DeploymentListOptions {
  orderBy: 'id' | 'iid' | 'created_at' | 'updated_at' | 'finished_at' | 'ref';
  sort: 'asc' | 'desc';
  environment?: string;
  status?: string;
  updatedAfter?: Date;
  updatedBefore?: Date;
  page: number;
  perPage: number;
}

export async function listDeployments(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  opts: DeploymentListOptions,
): Promise<{ rows: DeploymentRow[]; total: number }> {
  authorizeOnProject(actor, project, 'read');
  let base = db.selectFrom('deployments as d').where('d.project_id', '=', project.id);
  if (opts.environment !== undefined) {
    const name = opts.environment;
    base = base.where('d.environment_id', 'in', (eb) =>
      eb.selectFrom('environments').select('id').where('project_id', '=', project.id).where('name', '=', name),
    );
  }
  if (opts.status !== undefined) base = base.where('d.status', '=', opts.status);
  if (opts.updatedAfter) base = base.where('d.updated_at', '>', opts.updatedAfter);
  if (opts.updatedBefore) base = base.where('d.updated_at', '<', opts.updatedBefore);
  const rows = base.selectAll('d').orderBy(`d.${opts.orderBy}`, opts.sort).orderBy('d.id', opts.sort);
  return offsetPage(db, rows, base.select(sql`1`.as('one')), opts);
}

export async function findDeployment(
  db: Executor,
  actor: Actor | null,
  project: ProjectRow,
  deploymentId: number,
): Promise<DeploymentRow> {
  authorizeOnProject(actor, project, 'read');
  const row = await db
    .selectFrom('deployments')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('id', '=', deploymentId)
    .executeTakeFirst();
  if (!row) throw notFound('Deployment');
  return row;
}

/** The project's deployment (findDeployment: 404 when missing) and the environment it deploys to. */
async function deploymentWithEnvironment(
  db: Executor,
  actor: Actor | null,
  project: ProjectRow,
  deploymentId: number,
): Promise<{ deployment: DeploymentRow; env: EnvironmentRow }> {
  const deployment = await findDeployment(db, actor, project, deploymentId);
  const env = await db
    .selectFrom('environments')
    .selectAll()
    .where('id', '=', deployment.environment_id)
    .executeTakeFirstOrThrow();
  return { deployment, env };
}

export interface NewDeployment {
  environment: string;
  sha: string;
  ref: string;
  tag: boolean;
  status: string;
}

/**
 * Records a deployment as a CI system reports it. The environment is made when missing. Where a
 * protection applies only those its deploy access levels name may deploy (403), and a deployment
 * needing approvals is stored `blocked` whatever status was sent.
 */
export async function createDeployment(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  input: NewDeployment,
): Promise<DeploymentRow> {
  authorizeOnProject(actor, project, 'write');
  const me = requireActor(actor);
  if (!isValidEnvironmentName(input.environment)) {
    throw badRequest(`environment ${ENVIRONMENT_NAME_MESSAGE}`, 'environment');
  }
  return db.transaction().execute(async (trx) => {
    const env = await findOrCreateEnvironmentByName(trx, project, input.environment);
    const protections = ((await protectionsOfEnvironments(trx, project, [env])).get(env.id) ?? []).map(toProtection);
    if (!canDeployTo(approverOf(me, project), protections)) throw forbidden();
    const status = initialDeploymentStatus(input.status, protections);
    const now = new Date();
    return trx
      .insertInto('deployments')
      .values({
        iid: await nextIid(trx, 'deployments', project.id),
        project_id: project.id,
        environment_id: env.id,
        user_id: me.id,
        ref: input.ref,
        sha: input.sha,
        tag: input.tag,
        status,
        finished_at: FINISHED.has(status) ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

async function approvalsOf(db: Executor, deploymentIds: number[]): Promise<DeploymentApprovalRow[]> {
  if (deploymentIds.length === 0) return [];
  return db
    .selectFrom('deployment_approvals')
    .selectAll()
    .where('deployment_id', 'in', deploymentIds)
    .orderBy('id')
    .execute();
}

const records = (rows: DeploymentApprovalRow[]): ApprovalRecord[] =>
  rows.map((a) => ({ userId: a.user_id, status: a.status as 'approved' | 'rejected', ruleId: a.approval_rule_id }));

/** Changes a deployment's status; a blocked one may not run or succeed before its approvals (GitLab's 400). */
export async function updateDeploymentStatus(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  deploymentId: number,
  status: string,
): Promise<DeploymentRow> {
  authorizeOnProject(actor, project, 'write');
  const { deployment, env } = await deploymentWithEnvironment(db, actor, project, deploymentId);
  const protections = ((await protectionsOfEnvironments(db, project, [env])).get(env.id) ?? []).map(toProtection);
  const summary = approvalSummaryStatus(protections, records(await approvalsOf(db, [deployment.id])));
  const refusal = statusChangeRefusal(deployment.status, status, summary);
  if (refusal) throw new DeploymentRefusal({ message: { status: [refusal] } });
  const now = new Date();
  return db
    .updateTable('deployments')
    .set({ status, updated_at: now, finished_at: FINISHED.has(status) ? now : null })
    .where('id', '=', deployment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ApprovalInput {
  status: string;
  comment?: string;
  represented_as?: string;
}

/**
 * Approves or rejects a blocked deployment (IE-79) with GitLab's rules and messages (400
 * `{message}`). Approving again keeps the first comment; changing one's mind replaces the record. The
 * deployment is unblocked (`created`) once nothing is pending and nobody rejected it.
 */
export async function approveDeployment(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  deploymentId: number,
  input: ApprovalInput,
): Promise<DeploymentApprovalRow> {
  const me = requireActor(actor);
  const { deployment, env } = await deploymentWithEnvironment(db, actor, project, deploymentId);
  const protected_ = (await protectionsOfEnvironments(db, project, [env])).get(env.id) ?? [];
  const decision = decideApproval({
    user: approverOf(me, project),
    status: input.status,
    representedAs: input.represented_as ?? null,
    deployment: { status: deployment.status, authorId: deployment.user_id },
    protections: protected_.map(toProtection),
    ruleNames: await describeLevels(
      db,
      protected_.flatMap((p) => p.approval),
    ),
  });
  if (!decision.ok) throw new DeploymentRefusal({ message: decision.message });
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('deployment_approvals')
      .selectAll()
      .where('deployment_id', '=', deployment.id)
      .where('user_id', '=', me.id)
      .executeTakeFirst();
    const now = new Date();
    let approval: DeploymentApprovalRow;
    if (previous) {
      const changed = previous.status !== decision.status;
      approval = await trx
        .updateTable('deployment_approvals')
        .set({
          status: decision.status,
          comment: changed ? (input.comment ?? null) : previous.comment,
          approval_rule_id: decision.ruleId,
          updated_at: now,
        })
        .where('id', '=', previous.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      approval = await trx
        .insertInto('deployment_approvals')
        .values({
          deployment_id: deployment.id,
          user_id: me.id,
          status: decision.status,
          comment: input.comment ?? null,
          approval_rule_id: decision.ruleId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const summary = approvalSummaryStatus(
      protected_.map(toProtection),
      records(await approvalsOf(trx, [deployment.id])),
    );
    const next = statusAfterApproval(deployment.status, summary);
    if (next !== deployment.status) {
      await trx
        .updateTable('deployments')
        .set({ status: next, updated_at: now })
        .where('id', '=', deployment.id)
        .execute();
    }
    return approval;
  });
}

/** What the presenter needs beside each deployment row, loaded for a page at once. */
export interface DeploymentDetails {
  environments: Map<number, EnvironmentRow>;
  protections: Map<number, ProtectedEnvironment[]>;
  approvals: Map<number, DeploymentApprovalRow[]>;
  levelNames: Map<number, string[]>;
  /** Deployment ids the viewer may approve or reject now. */
  approvable: Set<number>;
}

export async function loadDeploymentDetails(
  db: Executor,
  actor: Actor | null,
  project: ProjectRow,
  rows: readonly DeploymentRow[],
): Promise<DeploymentDetails> {
  const envIds = [...new Set(rows.map((r) => r.environment_id))];
  const envRows = envIds.length
    ? await db.selectFrom('environments').selectAll().where('id', 'in', envIds).execute()
    : [];
  const environments = new Map(envRows.map((e) => [e.id, e]));
  const protections = await protectionsOfEnvironments(db, project, envRows);
  const approvalRows = await approvalsOf(
    db,
    rows.map((r) => r.id),
  );
  const approvals = new Map<number, DeploymentApprovalRow[]>(rows.map((r) => [r.id, []]));
  for (const a of approvalRows) approvals.get(a.deployment_id)?.push(a);
  const allLevels = [...protections.values()].flat().flatMap((p) => [...p.deploy, ...p.approval]);
  const levelNames = await describeLevels(db, allLevels);
  const approvable = new Set<number>();
  if (actor && mayOnProject(actor, project, 'read')) {
    const approver = approverOf(actor, project);
    for (const r of rows) {
      const applying = protections.get(r.environment_id) ?? [];
      const decision = decideApproval({
        user: approver,
        status: 'approved',
        representedAs: null,
        deployment: { status: r.status, authorId: r.user_id },
        protections: applying.map(toProtection),
        ruleNames: levelNames,
      });
      if (decision.ok) approvable.add(r.id);
    }
  }
  return { environments, protections, approvals, levelNames, approvable };
}

export function approvalFigures(
  protections: readonly Protection[],
  approvals: readonly DeploymentApprovalRow[],
  status: string,
): { pending: number; summary: ApprovalSummaryStatus } {
  const recs = records([...approvals]);
  return {
    pending: status === 'blocked' ? pendingApprovalCount(protections, recs) : 0,
    summary: approvalSummaryStatus(protections, recs),
  };
}
