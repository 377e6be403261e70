import { accessLevelDescription } from '@meridian/domain';
import type { AppContext } from '../../context';
import { presentUserBasic, type UserRow } from '../users';
import type { DeploymentApprovalRow, DeploymentDetails, DeploymentRow } from './deployments.service';
import { approvalFigures } from './deployments.service';
import type { EnvironmentRow } from './environments.service';
import { type AccessLevelRow, type ProtectedEnvironment, toProtection } from './protected-environments.service';

type Ctx = Pick<AppContext, 'config'>;

/** GitLab's EnvironmentBasic (inside a deployment). */
export function presentEnvironmentBasic(env: EnvironmentRow) {
  return {
    id: env.id,
    name: env.name,
    slug: env.slug,
    external_url: env.external_url,
    created_at: env.created_at.toISOString(),
    updated_at: env.updated_at.toISOString(),
  };
}

/** GitLab's Environment: `GET /projects/:id/environments` and one environment (with `last_deployment`). */
export function presentEnvironment(env: EnvironmentRow) {
  return Object.assign(presentEnvironmentBasic(env), {
    tier: env.tier,
    state: env.state,
    auto_stop_at: null,
  });
}

function presentApproval(ctx: Ctx, a: DeploymentApprovalRow, users: Map<number, UserRow>) {
  const user = users.get(a.user_id);
  return {
    user: user ? presentUserBasic(ctx, user) : null,
    status: a.status,
    created_at: a.created_at.toISOString(),
    comment: a.comment,
  };
}

function presentLevel(l: AccessLevelRow, names: Map<number, string[]>) {
  return {
    id: l.id,
    access_level: l.access_level,
    access_level_description:
      l.access_level !== null ? accessLevelDescription(l.access_level) : (names.get(l.id)?.[0] ?? ''),
    user_id: l.user_id,
    group_id: l.group_id,
    group_inheritance_type: l.group_inheritance_type,
  };
}

/** GitLab's ProtectedEnvironment. */
export function presentProtectedEnvironment(p: ProtectedEnvironment, names: Map<number, string[]>) {
  return {
    name: p.row.name,
    deploy_access_levels: p.deploy.map((l) => presentLevel(l, names)),
    required_approval_count: p.row.required_approval_count,
    approval_rules: p.approval.map((l) =>
      Object.assign(presentLevel(l, names), { required_approvals: l.required_approvals }),
    ),
  };
}

/**
 * GitLab's Deployment (with its EE approval fields; `deployable` is null: no CI job ran it). Meridian
 * adds `can_approve`: whether the viewer may approve it now, for the web page's buttons.
 */
export function presentDeployment(ctx: Ctx, d: DeploymentRow, details: DeploymentDetails, users: Map<number, UserRow>) {
  const env = details.environments.get(d.environment_id);
  const protected_ = details.protections.get(d.environment_id) ?? [];
  const approvals = details.approvals.get(d.id) ?? [];
  const protections = protected_.map(toProtection);
  const { pending, summary } = approvalFigures(protections, approvals, d.status);
  const author = d.user_id === null ? undefined : users.get(d.user_id);
  const rules = protected_.flatMap((p) => p.approval);
  const unified = protected_.reduce((max, p) => Math.max(max, p.row.required_approval_count), 0);
  return {
    id: d.id,
    iid: d.iid,
    ref: d.ref,
    sha: d.sha,
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
    finished_at: d.finished_at?.toISOString() ?? null,
    status: d.status,
    user: author ? presentUserBasic(ctx, author) : null,
    environment: env ? presentEnvironmentBasic(env) : null,
    deployable: null,
    pending_approval_count: pending,
    approvals: approvals.map((a) => presentApproval(ctx, a, users)),
    approval_summary: {
      status: summary,
      total_required_approvals: rules.length > 0 ? rules.reduce((s, r) => s + r.required_approvals, 0) : unified,
      total_pending_approval_count: pending,
      rules: rules.map((r) =>
        Object.assign(presentLevel(r, details.levelNames), {
          required_approvals: r.required_approvals,
          deployment_approvals: approvals
            .filter((a) => a.approval_rule_id === r.id)
            .map((a) => presentApproval(ctx, a, users)),
        }),
      ),
    },
    can_approve: details.approvable.has(d.id),
  };
}

/** User ids a page of deployments shows: authors and approvers. */
export function deploymentUserIds(rows: readonly DeploymentRow[], details: DeploymentDetails): number[] {
  return [
    ...rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
    ...[...details.approvals.values()].flat().map((a) => a.user_id),
  ];
}
