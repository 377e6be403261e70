import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { storedNotesByIid } from '../../test/stored-notes';

/** IE §4: an incident's severity and escalation status over REST, GraphQL and /severity. */
const t = useRestTestApp({ prefix: 'inc_', users: ['dev', 'guest'] });
const { api, uid, tok } = t;
let projectId: number;
let fullPath: string;
let incident: number;
let plainIssue: number;
const url = (iid: number) => `/projects/${projectId}/issues/${iid}`;
const notes = (iid: number) => storedNotesByIid(t.db, 'Issue', projectId, iid, 'system');

const SET_SEVERITY = `mutation($path: ID!, $iid: String!, $severity: IssuableSeverity!) {
  issueSetSeverity(input: { projectPath: $path, iid: $iid, severity: $severity }) {
    errors issue { severity escalationStatus state }
  }
}`;
const SET_STATUS = `mutation($path: ID!, $iid: String!, $status: IssueEscalationStatus!) {
  issueSetEscalationStatus(input: { projectPath: $path, iid: $iid, status: $status }) {
    errors issue { severity escalationStatus state }
  }
}`;

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'incacme' });
  const project = await createProject(t.db, { namespaceId: g.id, path: 'ops' });
  projectId = project.id;
  fullPath = 'incacme/ops';
  await addGroupMember(t.db, g.id, uid.dev as number, AccessLevel.DEVELOPER);
  await addGroupMember(t.db, g.id, uid.guest as number, AccessLevel.GUEST);
  const created = await api('POST', `/projects/${projectId}/issues`, 'dev', {
    title: 'API down',
    issue_type: 'incident',
  });
  expect(created.statusCode, created.body).toBe(201);
  incident = created.json().iid;
  plainIssue = (await api('POST', `/projects/${projectId}/issues`, 'dev', { title: 'plain' })).json().iid;
});

describe('incident severity and escalation status', () => {
  it('shows severity on incidents only, UNKNOWN by default, as GitLab’s REST JSON does', async () => {
    expect((await api('GET', url(incident), 'guest')).json()).toMatchObject({
      issue_type: 'incident',
      severity: 'UNKNOWN',
    });
    expect((await api('GET', url(plainIssue), 'guest')).json()).not.toHaveProperty('severity');
    const res = await gql(
      t.app,
      `{ project(fullPath: "${fullPath}") { issue(iid: "${incident}") { severity escalationStatus } } }`,
      {},
      tok.guest,
    );
    expect(res.body.data).toEqual({ project: { issue: { severity: 'UNKNOWN', escalationStatus: 'TRIGGERED' } } });
  });

  it('sets severity over REST (any case) with GitLab’s system note; 400 for a plain issue; 403 for a guest', async () => {
    const res = await api('PUT', url(incident), 'dev', { severity: 'high' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().severity).toBe('HIGH');
    expect(await notes(incident)).toContain('changed the severity to **High - S2**');
    const bad = await api('PUT', url(plainIssue), 'dev', { severity: 'low' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error ?? bad.json().message).toMatch(/severity/);
    expect((await api('PUT', url(incident), 'dev', { severity: 'urgent' })).statusCode).toBe(400);
    expect((await api('PUT', url(incident), 'guest', { severity: 'low' })).statusCode).toBe(403);
  });

  it('sets severity and status over GraphQL; RESOLVED closes the incident; reopening sets TRIGGERED', async () => {
    const vars = { path: fullPath, iid: String(incident) };
    const sev = await gql(t.app, SET_SEVERITY, { ...vars, severity: 'CRITICAL' }, tok.dev);
    expect(sev.body.data?.issueSetSeverity).toMatchObject({ errors: [], issue: { severity: 'CRITICAL' } });
    const ack = await gql(t.app, SET_STATUS, { ...vars, status: 'ACKNOWLEDGED' }, tok.dev);
    expect(ack.body.data?.issueSetEscalationStatus).toMatchObject({ issue: { escalationStatus: 'ACKNOWLEDGED' } });
    const resolved = await gql(t.app, SET_STATUS, { ...vars, status: 'RESOLVED' }, tok.dev);
    expect(resolved.body.data?.issueSetEscalationStatus).toMatchObject({
      issue: { escalationStatus: 'RESOLVED', state: 'closed' },
    });
    const stored = await notes(incident);
    expect(stored).toEqual(
      expect.arrayContaining([
        'changed the severity to **Critical - S1**',
        'changed the incident status to **Acknowledged**',
        'changed the incident status to **Resolved**',
        'closed',
      ]),
    );
    const reopened = await api('PUT', url(incident), 'dev', { state_event: 'reopen' });
    expect(reopened.statusCode).toBe(200);
    const after = await gql(
      t.app,
      `{ project(fullPath: "${fullPath}") { issue(iid: "${incident}") { escalationStatus state } } }`,
      {},
      tok.dev,
    );
    expect(after.body.data).toEqual({ project: { issue: { escalationStatus: 'TRIGGERED', state: 'opened' } } });
    expect((await api('PUT', url(incident), 'dev', { state_event: 'close' })).statusCode).toBe(200);
    expect(await notes(incident)).toContain('changed the incident status to **Resolved** by closing the incident');

    const guest = await gql(t.app, SET_SEVERITY, { ...vars, severity: 'LOW' }, tok.guest);
    expect(guest.body.errors?.[0]?.message ?? JSON.stringify(guest.body.data)).toMatch(/not|permission|allowed|403/i);
    const plain = await gql(
      t.app,
      SET_STATUS,
      { path: fullPath, iid: String(plainIssue), status: 'ACKNOWLEDGED' },
      tok.dev,
    );
    expect(JSON.stringify(plain.body)).toMatch(/only incidents/);
  });

  it('/severity accepts 1-4, s1-s4 and the names, on incidents', async () => {
    const res = await api('POST', `${url(incident)}/notes`, 'dev', { body: '/severity s3' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await api('GET', url(incident), 'dev')).json().severity).toBe('MEDIUM');
    expect(await notes(incident)).toContain('changed the severity to **Medium - S3**');
    await api('POST', `${url(incident)}/notes`, 'dev', { body: '/severity 1' });
    expect((await api('GET', url(incident), 'dev')).json().severity).toBe('CRITICAL');
    await api('POST', `${url(plainIssue)}/notes`, 'dev', { body: '/severity 1' });
    expect((await api('GET', url(plainIssue), 'dev')).json()).not.toHaveProperty('severity');
  });
});
