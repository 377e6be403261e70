import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import {
  type AccessRule,
  type ApprovalDecision,
  type ApprovalRecord,
  type ApprovalRequest,
  type Approver,
  approvalSummaryStatus,
  canDeployTo,
  decideApproval,
  APPROVAL_MESSAGES as M,
  type Protection,
  pendingApprovalCount,
  statusAfterApproval,
  statusChangeRefusal,
} from './approvals';

const role = (id: number, accessLevel: number, requiredApprovals = 0): AccessRule => ({
  id,
  accessLevel,
  userId: null,
  groupId: null,
  requiredApprovals,
});
const userRule = (id: number, userId: number, requiredApprovals = 0): AccessRule => ({
  id,
  accessLevel: null,
  userId,
  groupId: null,
  requiredApprovals,
});
const groupRule = (id: number, groupId: number, requiredApprovals = 0): AccessRule => ({
  id,
  accessLevel: null,
  userId: null,
  groupId,
  requiredApprovals,
});

const maintainersDeploy = (requiredApprovalCount: number, approvalRules: AccessRule[] = []): Protection => ({
  requiredApprovalCount,
  deployAccessLevels: [role(1, 40)],
  approvalRules,
});

const person = (userId: number, projectAccessLevel: number, extra: Partial<Approver> = {}): Approver => ({
  userId,
  admin: false,
  projectAccessLevel,
  groupIds: [],
  ...extra,
});

const alice = person(1, 40); // maintainer, the deployment's author below
const bob = person(2, 40); // another maintainer
const dev = person(3, 30);
const reporter = person(4, 20);
const qa = person(5, 30, { groupIds: [77] });
const admin = person(6, 0, { admin: true });

describe('canDeployTo', () => {
  expectCases(
    ([user, protections]: [Approver, Protection[]]) => canDeployTo(user, protections),
    [
      [[dev, []], true],
      [[bob, [maintainersDeploy(0)]], true],
      [[dev, [maintainersDeploy(0)]], false],
      [[admin, [maintainersDeploy(0)]], true],
      [[dev, [{ requiredApprovalCount: 0, deployAccessLevels: [role(1, 30)], approvalRules: [] }]], true],
      [[reporter, [{ requiredApprovalCount: 0, deployAccessLevels: [role(1, 30)], approvalRules: [] }]], false],
      [[dev, [{ requiredApprovalCount: 0, deployAccessLevels: [userRule(1, 3)], approvalRules: [] }]], true],
      [[qa, [{ requiredApprovalCount: 0, deployAccessLevels: [groupRule(1, 77)], approvalRules: [] }]], true],
      [[bob, [{ requiredApprovalCount: 0, deployAccessLevels: [role(1, 60)], approvalRules: [] }]], false],
      // Every protection must allow it (project's by name and group's by tier).
      [
        [
          dev,
          [{ requiredApprovalCount: 0, deployAccessLevels: [role(1, 30)], approvalRules: [] }, maintainersDeploy(0)],
        ],
        false,
      ],
    ],
  );
});

const approved = (userId: number, ruleId: number | null = null): ApprovalRecord => ({
  userId,
  status: 'approved',
  ruleId,
});
const rejected = (userId: number, ruleId: number | null = null): ApprovalRecord => ({
  userId,
  status: 'rejected',
  ruleId,
});

describe('pendingApprovalCount and approvalSummaryStatus', () => {
  expectCases(
    ([protections, approvals]: [Protection[], ApprovalRecord[]]) => [
      pendingApprovalCount(protections, approvals),
      approvalSummaryStatus(protections, approvals),
    ],
    [
      [
        [[], []],
        [0, 'approved'],
      ],
      [
        [[maintainersDeploy(1)], []],
        [1, 'pending_approval'],
      ],
      [
        [[maintainersDeploy(2)], [approved(2)]],
        [1, 'pending_approval'],
      ],
      [
        [[maintainersDeploy(1)], [approved(2)]],
        [0, 'approved'],
      ],
      [
        [[maintainersDeploy(1)], [rejected(2)]],
        [1, 'rejected'],
      ],
      [
        [[maintainersDeploy(2)], [approved(2), rejected(3)]],
        [1, 'rejected'],
      ],
      // The highest unified count of the protections that apply.
      [
        [[maintainersDeploy(1), maintainersDeploy(3)], [approved(2)]],
        [2, 'pending_approval'],
      ],
      // Rules: each rule's own count, summed.
      [
        [[maintainersDeploy(0, [role(10, 40, 1), groupRule(11, 77, 2)])], [approved(2, 10)]],
        [2, 'pending_approval'],
      ],
      [
        [[maintainersDeploy(0, [role(10, 40, 1), groupRule(11, 77, 1)])], [approved(2, 10), approved(5, 11)]],
        [0, 'approved'],
      ],
      [
        [[maintainersDeploy(0, [role(10, 40, 1)])], [approved(2, 10), approved(3, 10)]],
        [0, 'approved'],
      ],
    ],
  );
});

const blocked = { status: 'blocked', authorId: alice.userId };
const request = (over: Partial<ApprovalRequest>): ApprovalRequest => ({
  user: bob,
  status: 'approved',
  representedAs: null,
  deployment: blocked,
  protections: [maintainersDeploy(1)],
  ruleNames: new Map(),
  ...over,
});
const rules = [maintainersDeploy(0, [role(10, 40, 1), groupRule(11, 77, 1)])];
const ruleNames = new Map<number, string[]>([
  [10, ['Maintainers']],
  [11, ['QA']],
]);

describe('decideApproval', () => {
  expectCases(
    (r: ApprovalRequest): ApprovalDecision => decideApproval(r),
    [
      [request({}), { ok: true, status: 'approved', ruleId: null }],
      [request({ status: 'rejected' }), { ok: true, status: 'rejected', ruleId: null }],
      [request({ status: 'maybe' }), { ok: false, message: M.unrecognizedStatus }],
      [request({ protections: [] }), { ok: false, message: M.notProtected }],
      [request({ protections: [maintainersDeploy(0)] }), { ok: false, message: M.notConfigured }],
      [request({ user: dev }), { ok: false, message: M.noPermission }],
      [request({ user: reporter }), { ok: false, message: M.noPermission }],
      [request({ user: admin }), { ok: true, status: 'approved', ruleId: null }],
      [request({ deployment: { status: 'success', authorId: 1 } }), { ok: false, message: M.notBlocked }],
      [request({ user: alice }), { ok: false, message: M.ownDeployment }],
      // The author may reject their own deployment.
      [request({ user: alice, status: 'rejected' }), { ok: true, status: 'rejected', ruleId: null }],
      // Approval rules: the first rule the user matches, or the one they represent.
      [request({ protections: rules, ruleNames }), { ok: true, status: 'approved', ruleId: 10 }],
      [request({ user: qa, protections: rules, ruleNames }), { ok: true, status: 'approved', ruleId: 11 }],
      [
        request({ user: qa, protections: rules, ruleNames, representedAs: 'QA' }),
        { ok: true, status: 'approved', ruleId: 11 },
      ],
      [
        request({ user: qa, protections: rules, ruleNames, representedAs: 'Maintainers' }),
        { ok: false, message: M.noRuleForRepresentedAs },
      ],
      [request({ user: dev, protections: rules, ruleNames }), { ok: false, message: M.noPermission }],
    ],
  );
});

describe('statusChangeRefusal', () => {
  expectCases(
    ([from, to, approval]: [string, string, 'approved' | 'rejected' | 'pending_approval']) =>
      statusChangeRefusal(from, to, approval),
    [
      [['blocked', 'success', 'pending_approval'], 'cannot transition via "succeed"'],
      [['blocked', 'running', 'pending_approval'], 'cannot transition via "run"'],
      [['blocked', 'success', 'rejected'], 'cannot transition via "succeed"'],
      [['blocked', 'failed', 'pending_approval'], null],
      [['blocked', 'canceled', 'rejected'], null],
      [['created', 'running', 'approved'], null],
      [['created', 'success', 'approved'], null],
      [['running', 'success', 'approved'], null],
      [['success', 'running', 'approved'], 'cannot transition via "run"'],
      [['success', 'success', 'approved'], 'cannot transition via "succeed"'],
    ],
  );
});

describe('statusAfterApproval', () => {
  expectCases(
    ([current, approval]: [string, 'approved' | 'rejected' | 'pending_approval']) =>
      statusAfterApproval(current, approval),
    [
      [['blocked', 'approved'], 'created'],
      [['blocked', 'pending_approval'], 'blocked'],
      [['blocked', 'rejected'], 'blocked'],
    ],
  );
});
