import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';

/** IE §4: an incident's timeline over GitLab's GraphQL; readers read it, Developers and up change it. */
const t = useRestTestApp({ prefix: 'tl_', users: ['dev', 'guest', 'outsider'] });
const { api, uid, tok } = t;
let incidentGid: string;
let plainGid: string;

const LIST = `query($path: ID!, $id: IssueID!) {
  project(fullPath: $path) {
    incidentManagementTimelineEvents(incidentId: $id) {
      nodes { id note noteHtml occurredAt action editable author { username } incident { iid } }
    }
  }
}`;
const CREATE = `mutation($id: IssueID!, $note: String!, $at: Time!) {
  timelineEventCreate(input: { incidentId: $id, note: $note, occurredAt: $at }) {
    errors timelineEvent { id note occurredAt }
  }
}`;
const UPDATE = `mutation($id: IncidentManagementTimelineEventID!, $note: String) {
  timelineEventUpdate(input: { id: $id, note: $note }) { errors timelineEvent { id note noteHtml } }
}`;
const DESTROY = `mutation($id: IncidentManagementTimelineEventID!) {
  timelineEventDestroy(input: { id: $id }) { errors timelineEvent { id } }
}`;

const list = async (who: string) =>
  dig(
    (await gql(t.app, LIST, { path: 'tlacme/ops', id: incidentGid }, tok[who])).body.data,
    'project',
    'incidentManagementTimelineEvents',
    'nodes',
  );

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'tlacme' });
  const project = await createProject(t.db, { namespaceId: g.id, path: 'ops' });
  await addGroupMember(t.db, g.id, uid.dev as number, AccessLevel.DEVELOPER);
  await addGroupMember(t.db, g.id, uid.guest as number, AccessLevel.GUEST);
  const made = await api('POST', `/projects/${project.id}/issues`, 'dev', { title: 'DB down', issue_type: 'incident' });
  incidentGid = `gid://gitlab/Issue/${made.json().id}`;
  const plain = await api('POST', `/projects/${project.id}/issues`, 'dev', { title: 'plain' });
  plainGid = `gid://gitlab/Issue/${plain.json().id}`;
});

describe('incident timeline events', () => {
  it('a Developer adds, edits and removes events; they list by occurredAt for readers', async () => {
    const late = await gql(
      t.app,
      CREATE,
      { id: incidentGid, note: 'Rolled back **v2**', at: '2026-01-02T10:30:00Z' },
      tok.dev,
    );
    expect(late.body.errors).toBeUndefined();
    expect(dig(late.body.data, 'timelineEventCreate', 'errors')).toEqual([]);
    const early = await gql(
      t.app,
      CREATE,
      { id: incidentGid, note: 'Alert fired', at: '2026-01-02T10:00:00Z' },
      tok.dev,
    );
    const earlyId = dig(early.body.data, 'timelineEventCreate', 'timelineEvent', 'id') as string;
    expect(earlyId).toMatch(/^gid:\/\/gitlab\/IncidentManagement::TimelineEvent\/\d+$/);

    const nodes = (await list('guest')) as Array<Record<string, unknown>>;
    // The incident's creation is on its timeline too, written by itself (later: it happened now).
    expect(nodes.map((n) => n.note)).toEqual(['Alert fired', 'Rolled back **v2**', '@tl_dev created the incident']);
    expect(nodes[1]).toMatchObject({
      noteHtml: expect.stringContaining('<strong>v2</strong>'),
      occurredAt: '2026-01-02T10:30:00.000Z',
      action: 'comment',
      editable: true,
      author: { username: 'tl_dev' },
    });
    expect(await list('outsider')).toBeUndefined(); // the private project is hidden from them

    const edited = await gql(t.app, UPDATE, { id: earlyId, note: 'PagerDuty alert fired' }, tok.dev);
    expect(dig(edited.body.data, 'timelineEventUpdate', 'timelineEvent', 'note')).toBe('PagerDuty alert fired');
    const destroyed = await gql(t.app, DESTROY, { id: earlyId }, tok.dev);
    expect(dig(destroyed.body.data, 'timelineEventDestroy', 'errors')).toEqual([]);
    expect(((await list('dev')) as unknown[]).length).toBe(2);
  });

  it('refuses guests, outsiders, plain issues and bad input', async () => {
    const guest = await gql(t.app, CREATE, { id: incidentGid, note: 'x', at: '2026-01-02T10:00:00Z' }, tok.guest);
    expect(JSON.stringify(guest.body)).toMatch(/not allowed|permission|Forbidden|403/i);
    const outsider = await gql(t.app, CREATE, { id: incidentGid, note: 'x', at: '2026-01-02T10:00:00Z' }, tok.outsider);
    expect(JSON.stringify(outsider.body)).toMatch(/not found|404|exist/i);
    const plain = await gql(t.app, CREATE, { id: plainGid, note: 'x', at: '2026-01-02T10:00:00Z' }, tok.dev);
    expect(JSON.stringify(plain.body)).toMatch(/incident/);
    const long = await gql(
      t.app,
      CREATE,
      { id: incidentGid, note: 'x'.repeat(281), at: '2026-01-02T10:00:00Z' },
      tok.dev,
    );
    expect(JSON.stringify(long.body)).toMatch(/too long|280/);
    expect(((await list('dev')) as unknown[]).length).toBe(2);
  });

  it('writes GitLab’s own events on create, status, severity, resolve and reopen; they cannot be edited', async () => {
    const made = await api('POST', '/projects/tlacme%2Fops/issues', 'dev', {
      title: 'Queue stuck',
      issue_type: 'incident',
    });
    const iid = made.json().iid as number;
    const id = `gid://gitlab/Issue/${made.json().id}`;
    const url = `/projects/tlacme%2Fops/issues/${iid}`;
    expect((await api('PUT', url, 'dev', { severity: 'high' })).statusCode).toBe(200);
    const status = `mutation($status: IssueEscalationStatus!) {
      issueSetEscalationStatus(input: { projectPath: "tlacme/ops", iid: "${iid}", status: $status }) { errors }
    }`;
    for (const value of ['ACKNOWLEDGED', 'RESOLVED']) {
      expect(
        dig((await gql(t.app, status, { status: value }, tok.dev)).body.data, 'issueSetEscalationStatus', 'errors'),
      ).toEqual([]);
    }
    expect((await api('PUT', url, 'dev', { state_event: 'reopen' })).statusCode).toBe(200);
    expect((await api('PUT', url, 'dev', { title: 'Queue stuck again' })).statusCode).toBe(200); // nothing of note

    const read = await gql(t.app, LIST, { path: 'tlacme/ops', id }, tok.guest);
    const nodes = dig(read.body.data, 'project', 'incidentManagementTimelineEvents', 'nodes') as Array<
      Record<string, unknown>
    >;
    expect(nodes.map((n) => `${n.action}: ${n.note}`)).toEqual([
      'issues: @tl_dev created the incident',
      'severity: @tl_dev changed the incident severity to **High**',
      'status: @tl_dev changed the incident status to **Acknowledged**',
      'status: @tl_dev changed the incident status to **Resolved**',
      'status: @tl_dev resolved the incident',
      'issues: @tl_dev reopened the incident',
      'status: @tl_dev changed the incident status to **Triggered**',
    ]);
    expect(nodes[1]).toMatchObject({ editable: false, noteHtml: expect.stringContaining('<strong>High</strong>') });
    const edit = await gql(t.app, UPDATE, { id: nodes[0]?.id, note: 'rewritten' }, tok.dev);
    expect(JSON.stringify(edit.body)).toMatch(/cannot be edited/);
  });
});
