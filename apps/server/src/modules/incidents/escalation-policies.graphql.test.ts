import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { storedNotes } from '../../test/stored-notes';
import { useSmtpSink } from '../../test/use-smtp-sink';

/**
 * IE §4 "Escalation paging": a project's escalation policy over GitLab's GraphQL, set on an
 * incident; each rule pages its user (system note, email over real SMTP) when the incident has not
 * reached the rule's status in time, and acknowledging or resolving the incident stops paging.
 */
const env: Record<string, string> = { SMTP_POLL_INTERVAL_MS: '50', WEBHOOK_POLL_INTERVAL_MS: '3600000' };
const sink = useSmtpSink(env);

const t = useRestTestApp({
  prefix: 'esc_',
  users: ['owner', 'maint', 'dev', 'reporter', 'guest', 'oncall', 'lead', 'outsider'],
  env,
});
const { api, uid, tok } = t;
let projectId: number;
const PATH = 'escacme/ops';

const CREATE = `mutation($path: ID!, $name: String!, $rules: [EscalationRuleInput!]!) {
  escalationPolicyCreate(input: { projectPath: $path, name: $name, description: "Wake people up", rules: $rules }) {
    errors escalationPolicy { id name description rules { status elapsedTimeSeconds user { username } } }
  }
}`;
const UPDATE = `mutation($id: IncidentManagementEscalationPolicyID!, $name: String, $rules: [EscalationRuleInput!]) {
  escalationPolicyUpdate(input: { id: $id, name: $name, rules: $rules }) {
    errors escalationPolicy { name rules { status elapsedTimeSeconds user { username } } }
  }
}`;
const DESTROY = `mutation($id: IncidentManagementEscalationPolicyID!) {
  escalationPolicyDestroy(input: { id: $id }) { errors escalationPolicy { name } }
}`;
const LIST = `query($path: ID!) {
  project(fullPath: $path) { incidentManagementEscalationPolicies { nodes { id name rules { status } } } }
}`;
const SET = `mutation($path: ID!, $iid: String!, $policy: IncidentManagementEscalationPolicyID) {
  issueSetEscalationPolicy(input: { projectPath: $path, iid: $iid, escalationPolicyId: $policy }) {
    errors issue { iid escalationPolicy { name } }
  }
}`;
const STATUS = `mutation($path: ID!, $iid: String!, $status: IssueEscalationStatus!) {
  issueSetEscalationStatus(input: { projectPath: $path, iid: $iid, status: $status }) { errors issue { escalationStatus } }
}`;

const rules = [
  { username: 'esc_oncall', elapsedTimeSeconds: 0, status: 'ACKNOWLEDGED' },
  { username: 'esc_lead', elapsedTimeSeconds: 1800, status: 'RESOLVED' },
];

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'escacme' });
  projectId = (await createProject(t.db, { namespaceId: g.id, path: 'ops' })).id;
  const roles: [string, number][] = [
    ['owner', AccessLevel.OWNER],
    ['maint', AccessLevel.MAINTAINER],
    ['dev', AccessLevel.DEVELOPER],
    ['reporter', AccessLevel.REPORTER],
    ['guest', AccessLevel.GUEST],
    ['oncall', AccessLevel.DEVELOPER],
    ['lead', AccessLevel.REPORTER],
  ];
  for (const [who, level] of roles) await addGroupMember(t.db, g.id, uid[who] as number, level);
});

const pendingFor = (issueId: number) =>
  t.db
    .selectFrom('incident_management_pending_issue_escalations as p')
    .innerJoin('incident_management_escalation_rules as r', 'r.id', 'p.rule_id')
    .select(['r.status', 'p.process_at'])
    .where('p.issue_id', '=', issueId)
    .orderBy('r.status')
    .execute();

const systemNotes = (issueId: number) => storedNotes(t.db, { type: 'Issue', id: issueId }, 'system');

async function newIncident(title: string) {
  const res = await api('POST', `/projects/${projectId}/issues`, 'dev', { title, issue_type: 'incident' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; iid: number };
}

describe('escalation policies', () => {
  let policyId: string;

  it('a Maintainer creates the project’s one policy; GitLab’s checks refuse bad rules', async () => {
    const refused = async (vars: object, who = 'maint') =>
      dig(
        (await gql(t.app, CREATE, { path: PATH, name: 'P', rules, ...vars }, tok[who])).body.data,
        'escalationPolicyCreate',
        'errors',
      );
    expect(await refused({ rules: [] })).toEqual(['Escalation policies must have at least one rule']);
    expect(await refused({ rules: [{ oncallScheduleIid: '1', elapsedTimeSeconds: 0, status: 'RESOLVED' }] })).toEqual([
      'Schedule-based escalation rules must have a schedule in the same project as the policy',
    ]);
    expect(await refused({ rules: [{ username: 'esc_outsider', elapsedTimeSeconds: 0, status: 'RESOLVED' }] })).toEqual(
      ['User-based escalation rules must have a user with access to the project'],
    );
    expect(
      await refused({ rules: [{ username: 'esc_oncall', elapsedTimeSeconds: 90_000, status: 'RESOLVED' }] }),
    ).toEqual(['Rules elapsed time seconds must be between 0 and 86400']);
    const dev = await gql(t.app, CREATE, { path: PATH, name: 'P', rules }, tok.dev);
    expect(dev.body.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);

    const made = await gql(t.app, CREATE, { path: PATH, name: 'On call', rules }, tok.maint);
    expect(dig(made.body.data, 'escalationPolicyCreate', 'errors')).toEqual([]);
    const policy = dig(made.body.data, 'escalationPolicyCreate', 'escalationPolicy') as Record<string, unknown>;
    expect(policy).toMatchObject({
      name: 'On call',
      description: 'Wake people up',
      rules: [
        { status: 'ACKNOWLEDGED', elapsedTimeSeconds: 0, user: { username: 'esc_oncall' } },
        { status: 'RESOLVED', elapsedTimeSeconds: 1800, user: { username: 'esc_lead' } },
      ],
    });
    policyId = policy.id as string;
    expect(policyId).toMatch(/^gid:\/\/gitlab\/IncidentManagement::EscalationPolicy\/\d+$/);
    expect(await refused({ name: 'Second' })).toEqual(['Project can only have one escalation policy']);
  });

  it('Reporters and up read the policies; Guests and outsiders see none', async () => {
    const names = async (who: string) => {
      const body = (await gql(t.app, LIST, { path: PATH }, tok[who])).body;
      return (
        dig(body.data, 'project', 'incidentManagementEscalationPolicies', 'nodes') as { name: string }[] | undefined
      )?.map((n) => n.name);
    };
    expect(await names('reporter')).toEqual(['On call']);
    expect(await names('guest')).toEqual([]);
    expect(await names('outsider')).toBeUndefined(); // the private project is hidden
  });

  it('set on an incident, a rule pages its user when due, with a note and an email; acknowledging stops it', async () => {
    const incident = await newIncident('Checkout is down');
    const set = await gql(t.app, SET, { path: PATH, iid: String(incident.iid), policy: policyId }, tok.dev);
    expect(dig(set.body.data, 'issueSetEscalationPolicy')).toEqual({
      errors: [],
      issue: { iid: String(incident.iid), escalationPolicy: { name: 'On call' } },
    });
    expect((await pendingFor(incident.id)).map((p) => p.status)).toEqual(['acknowledged', 'resolved']);

    const mark = sink.received.length;
    await t.app.escalationPaging?.pollNow();
    expect(await systemNotes(incident.id)).toContain(
      'notified @esc_oncall of this incident via escalation policy **On call**',
    );
    // The 30-minute rule is not due yet.
    expect((await pendingFor(incident.id)).map((p) => p.status)).toEqual(['resolved']);
    const paged = (await sink.waitFor(mark + 1)).slice(mark);
    expect(paged.flatMap((e) => e.to)).toEqual(['esc_oncall@example.com']);
    expect(paged[0]?.parsed.text).toContain('escalation policy On call pages you');

    // Acknowledged: the Resolved rule still waits. Resolved: it stops too.
    await gql(t.app, STATUS, { path: PATH, iid: String(incident.iid), status: 'ACKNOWLEDGED' }, tok.dev);
    expect((await pendingFor(incident.id)).map((p) => p.status)).toEqual(['resolved']);
    await gql(t.app, STATUS, { path: PATH, iid: String(incident.iid), status: 'RESOLVED' }, tok.dev);
    expect(await pendingFor(incident.id)).toEqual([]);
  });

  it('a rule whose status the incident reached before it fell due pages no one', async () => {
    const incident = await newIncident('Slow search');
    await gql(t.app, SET, { path: PATH, iid: String(incident.iid), policy: policyId }, tok.dev);
    // Make the 30-minute rule due, then acknowledge between the claim and the page: the worker checks again.
    await t.db
      .updateTable('incident_management_pending_issue_escalations')
      .set({ process_at: new Date(Date.now() - 1000) })
      .where('issue_id', '=', incident.id)
      .execute();
    await gql(t.app, STATUS, { path: PATH, iid: String(incident.iid), status: 'ACKNOWLEDGED' }, tok.dev);
    await t.app.escalationPaging?.pollNow();
    const notes = await systemNotes(incident.id);
    expect(notes).toContain('notified @esc_lead of this incident via escalation policy **On call**');
    expect(notes.filter((n) => n.includes('esc_oncall'))).toEqual([]);
    // Reopened to Triggered, it pages again from the start.
    await gql(t.app, STATUS, { path: PATH, iid: String(incident.iid), status: 'TRIGGERED' }, tok.dev);
    expect((await pendingFor(incident.id)).map((p) => p.status)).toEqual(['acknowledged', 'resolved']);
    // Removing the policy stops it.
    await gql(t.app, SET, { path: PATH, iid: String(incident.iid), policy: null }, tok.dev);
    expect(await pendingFor(incident.id)).toEqual([]);
  });

  it('only incidents take a policy, only the project’s own, and hidden incidents are 404', async () => {
    const plain = await api('POST', `/projects/${projectId}/issues`, 'dev', { title: 'plain' });
    const onPlain = await gql(t.app, SET, { path: PATH, iid: String(plain.json().iid), policy: policyId }, tok.dev);
    expect(dig(onPlain.body.data, 'issueSetEscalationPolicy', 'errors')).toEqual([
      'escalation_policy_id is invalid: only incidents have an escalation policy',
    ]);
    const incident = await newIncident('Other');
    const missing = await gql(
      t.app,
      SET,
      { path: PATH, iid: String(incident.iid), policy: 'gid://gitlab/IncidentManagement::EscalationPolicy/999999' },
      tok.dev,
    );
    expect(
      missing.body.errors?.[0]?.message ?? dig(missing.body.data, 'issueSetEscalationPolicy', 'errors'),
    ).toBeTruthy();
    const outsider = await gql(t.app, SET, { path: PATH, iid: String(incident.iid), policy: policyId }, tok.outsider);
    expect(outsider.body.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
  });

  it('a Maintainer renames the policy and replaces its rules; destroying it stops its incidents’ paging', async () => {
    const incident = await newIncident('Disk full');
    await gql(t.app, SET, { path: PATH, iid: String(incident.iid), policy: policyId }, tok.dev);
    const updated = await gql(
      t.app,
      UPDATE,
      { id: policyId, name: 'Night', rules: [{ username: 'esc_lead', elapsedTimeSeconds: 1800, status: 'RESOLVED' }] },
      tok.maint,
    );
    expect(dig(updated.body.data, 'escalationPolicyUpdate')).toEqual({
      errors: [],
      escalationPolicy: {
        name: 'Night',
        rules: [{ status: 'RESOLVED', elapsedTimeSeconds: 1800, user: { username: 'esc_lead' } }],
      },
    });
    // The kept rule keeps its pending escalation; the removed one's went with it.
    expect((await pendingFor(incident.id)).map((p) => p.status)).toEqual(['resolved']);
    const empty = await gql(t.app, UPDATE, { id: policyId, rules: [] }, tok.maint);
    expect(dig(empty.body.data, 'escalationPolicyUpdate', 'errors')).toEqual([
      'Escalation policies must have at least one rule',
    ]);
    const byReporter = await gql(t.app, DESTROY, { id: policyId }, tok.reporter);
    expect(byReporter.body.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const destroyed = await gql(t.app, DESTROY, { id: policyId }, tok.owner);
    expect(dig(destroyed.body.data, 'escalationPolicyDestroy')).toEqual({
      errors: [],
      escalationPolicy: { name: 'Night' },
    });
    expect(await pendingFor(incident.id)).toEqual([]);
  });
});
