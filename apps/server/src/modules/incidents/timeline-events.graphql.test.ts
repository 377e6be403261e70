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
    expect(nodes.map((n) => n.note)).toEqual(['Alert fired', 'Rolled back **v2**']);
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
    expect(((await list('dev')) as unknown[]).length).toBe(1);
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
    expect(((await list('dev')) as unknown[]).length).toBe(1);
  });
});
