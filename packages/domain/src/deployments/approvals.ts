/**
 * Protected environments and deployment approvals (IE-79, IE-80), as GitLab decides them: who may
 * deploy, who may approve, how many approvals a deployment still waits for, and whether its status
 * may change. Pure: the caller loads the protections, the deployment and the user's memberships.
 */

/** Deploy and approval access levels GitLab accepts: Developers + Maintainers, Maintainers, Administrators. */
export const DEPLOY_ACCESS_LEVELS = [30, 40, 60] as const;
export const ADMIN_DEPLOY_ACCESS_LEVEL = 60;

/** GitLab's `access_level_description` of a role rule. */
export function accessLevelDescription(level: number): string {
  if (level >= ADMIN_DEPLOY_ACCESS_LEVEL) return 'Administrators';
  if (level >= 40) return 'Maintainers';
  return 'Developers + Maintainers';
}

/** One deploy access level or approval rule: exactly one of a role, a user or a group. */
export interface AccessRule {
  id: number;
  accessLevel: number | null;
  userId: number | null;
  groupId: number | null;
  /** Approval rules only: how many approvals from people matching this rule. */
  requiredApprovals: number;
}

export interface Protection {
  requiredApprovalCount: number;
  deployAccessLevels: AccessRule[];
  approvalRules: AccessRule[];
}

/** The user deciding, with what the rules need to know about them. */
export interface Approver {
  userId: number;
  admin: boolean;
  /** Their access level on the deployment's project (inherited from groups included). */
  projectAccessLevel: number;
  /** Groups they are a direct member of. */
  groupIds: readonly number[];
}

export function matchesAccessRule(user: Approver, rule: AccessRule): boolean {
  if (rule.userId !== null) return rule.userId === user.userId;
  if (rule.groupId !== null) return user.groupIds.includes(rule.groupId);
  if (rule.accessLevel === null) return false;
  if (rule.accessLevel >= ADMIN_DEPLOY_ACCESS_LEVEL) return user.admin;
  return user.admin || user.projectAccessLevel >= rule.accessLevel;
}

/** May `user` deploy where `protections` apply? Every protection must let them (GitLab's `protected_from?`). */
export function canDeployTo(user: Approver, protections: readonly Protection[]): boolean {
  return protections.every((p) => user.admin || p.deployAccessLevels.some((rule) => matchesAccessRule(user, rule)));
}

/** Approvals a deployment needs, in all: the rules' sum when there are rules, else the highest unified count. */
export function requiredApprovalCount(protections: readonly Protection[]): number {
  const rules = protections.flatMap((p) => p.approvalRules);
  if (rules.length > 0) return rules.reduce((sum, r) => sum + r.requiredApprovals, 0);
  return protections.reduce((max, p) => Math.max(max, p.requiredApprovalCount), 0);
}

export interface ApprovalRecord {
  userId: number;
  status: 'approved' | 'rejected';
  ruleId: number | null;
}

/** Approvals still missing (0 when none are needed). Rejections count for nothing. */
export function pendingApprovalCount(protections: readonly Protection[], approvals: readonly ApprovalRecord[]): number {
  const rules = protections.flatMap((p) => p.approvalRules);
  const approved = approvals.filter((a) => a.status === 'approved');
  if (rules.length === 0) return Math.max(0, requiredApprovalCount(protections) - approved.length);
  return rules.reduce(
    (sum, rule) => sum + Math.max(0, rule.requiredApprovals - approved.filter((a) => a.ruleId === rule.id).length),
    0,
  );
}

export type ApprovalSummaryStatus = 'approved' | 'rejected' | 'pending_approval';

/** Any rejection rejects; otherwise approved once nothing is pending. */
export function approvalSummaryStatus(
  protections: readonly Protection[],
  approvals: readonly ApprovalRecord[],
): ApprovalSummaryStatus {
  if (approvals.some((a) => a.status === 'rejected')) return 'rejected';
  return pendingApprovalCount(protections, approvals) === 0 ? 'approved' : 'pending_approval';
}

export const APPROVAL_MESSAGES = {
  unrecognizedStatus: 'Unrecognized approval status.',
  notProtected: 'This environment is not protected.',
  notConfigured: 'Deployment approvals is not configured for this environment.',
  noPermission: "You don't have permission to approve this deployment. Contact the project or group owner for help.",
  noRuleForRepresentedAs:
    'There are no approval rules for the given `represent_as` parameter. Use a valid User/Group/Role name instead.',
  notBlocked: 'This deployment is not waiting for approvals.',
  ownDeployment: 'You cannot approve your own deployment.',
} as const;

export interface ApprovalRequest {
  user: Approver;
  status: string;
  /** A rule's name: its role description, user's username or group's name. */
  representedAs: string | null;
  deployment: { status: string; authorId: number | null };
  protections: readonly Protection[];
  /** Names each rule may be represented as (by rule id). */
  ruleNames: ReadonlyMap<number, readonly string[]>;
}

export type ApprovalDecision =
  | { ok: true; status: 'approved' | 'rejected'; ruleId: number | null }
  | { ok: false; message: string };

/** May this user approve or reject this deployment, and under which rule? GitLab's checks, in its order. */
export function decideApproval(request: ApprovalRequest): ApprovalDecision {
  const { user, protections } = request;
  if (request.status !== 'approved' && request.status !== 'rejected') {
    return { ok: false, message: APPROVAL_MESSAGES.unrecognizedStatus };
  }
  if (protections.length === 0) return { ok: false, message: APPROVAL_MESSAGES.notProtected };
  if (requiredApprovalCount(protections) === 0) return { ok: false, message: APPROVAL_MESSAGES.notConfigured };
  const rules = protections.flatMap((p) => p.approvalRules);
  let ruleId: number | null = null;
  if (rules.length > 0) {
    const mine = rules.filter((r) => matchesAccessRule(user, r));
    if (mine.length === 0) return { ok: false, message: APPROVAL_MESSAGES.noPermission };
    const chosen =
      request.representedAs === null
        ? mine[0]
        : mine.find((r) => (request.ruleNames.get(r.id) ?? []).includes(request.representedAs as string));
    if (!chosen) return { ok: false, message: APPROVAL_MESSAGES.noRuleForRepresentedAs };
    ruleId = chosen.id;
  } else if (!canDeployTo(user, protections)) {
    return { ok: false, message: APPROVAL_MESSAGES.noPermission };
  }
  if (request.deployment.status !== 'blocked') return { ok: false, message: APPROVAL_MESSAGES.notBlocked };
  if (request.status === 'approved' && request.deployment.authorId === user.userId) {
    return { ok: false, message: APPROVAL_MESSAGES.ownDeployment };
  }
  return { ok: true, status: request.status, ruleId };
}

/** Status events as GitLab's state machine names them, for its `cannot transition via "…"` message. */
const STATUS_EVENTS: Record<string, string> = {
  running: 'run',
  success: 'succeed',
  failed: 'drop',
  canceled: 'cancel',
};

/**
 * May a deployment move from `from` to `to`? A blocked deployment may not run or succeed before it
 * has its approvals (or once rejected); failing and canceling are always allowed. A finished one
 * does not go back to running. The refusal is GitLab's validation message on `status`.
 */
export function statusChangeRefusal(from: string, to: string, approval: ApprovalSummaryStatus): string | null {
  const event = STATUS_EVENTS[to] ?? to;
  const refuse = `cannot transition via "${event}"`;
  if (from === 'blocked' && (to === 'running' || to === 'success') && approval !== 'approved') return refuse;
  if (to === 'running' && from !== 'created' && from !== 'blocked' && from !== 'running') return refuse;
  if (from === to && to === 'success') return refuse;
  return null;
}

/** Status a new deployment is stored with: blocked while approvals are needed. */
export function initialDeploymentStatus(requested: string, protections: readonly Protection[]): string {
  return requiredApprovalCount(protections) > 0 ? 'blocked' : requested;
}

/** Status once an approval is recorded: a blocked deployment with all its approvals is unblocked (created). */
export function statusAfterApproval(current: string, approval: ApprovalSummaryStatus): string {
  return current === 'blocked' && approval === 'approved' ? 'created' : current;
}
