import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, addProjectMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({ prefix: 'lnk_', users: ['planner', 'guest', 'outsider'], admins: ['admin'] });
const { api, uid } = t;
let p1: number;
let secret: number;
let pub: number;

type Linked = { iid: number; project_id: number; link_type: string; issue_link_id: number };

beforeAll(async () => {
  const db = t.db;
  const g = await createGroup(db, { path: 'lnkacme' });
  p1 = (await createProject(db, { namespaceId: g.id, path: 'web' })).id;
  secret = (await createProject(db, { namespaceId: (await createGroup(db, { path: 'lnkhidden' })).id, path: 's' })).id;
  pub = (
    await createProject(db, {
      namespaceId: (await createGroup(db, { path: 'lnkpub', visibility: 20 })).id,
      path: 'o',
      visibility: 20,
    })
  ).id;
  await addGroupMember(db, g.id, uid.planner as number, AccessLevel.PLANNER);
  await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
  await addProjectMember(db, secret, uid.planner as number, AccessLevel.GUEST);
  for (const title of ['one', 'two', 'three', 'four']) {
    expect((await api('POST', `/projects/${p1}/issues`, 'planner', { title })).statusCode).toBe(201);
  }
  expect(
    (await api('POST', `/projects/${p1}/issues`, 'planner', { title: 'conf', confidential: true })).statusCode,
  ).toBe(201);
  expect((await api('POST', `/projects/${secret}/issues`, 'admin', { title: 'hidden' })).statusCode).toBe(201);
  expect((await api('POST', `/projects/${pub}/issues`, 'admin', { title: 'public' })).statusCode).toBe(201);
});

describe('issue links', () => {
  it('creates relates_to, blocks and is_blocked_by, listed from both sides', async () => {
    const rel = await api('POST', `/projects/${p1}/issues/1/links`, 'planner', {
      target_project_id: p1,
      target_issue_iid: 2,
    });
    expect(rel.statusCode, rel.body).toBe(201);
    expect(rel.json()).toMatchObject({ source_issue: { iid: 1 }, target_issue: { iid: 2 }, link_type: 'relates_to' });
    const blocks = await api('POST', `/projects/${p1}/issues/1/links`, 'planner', {
      target_project_id: 'lnkacme/web',
      target_issue_iid: '3',
      link_type: 'blocks',
    });
    expect(blocks.statusCode, blocks.body).toBe(201);
    const blocked = await api('POST', `/projects/${p1}/issues/1/links`, 'planner', {
      target_project_id: String(p1),
      target_issue_iid: 4,
      link_type: 'is_blocked_by',
    });
    expect(blocked.json()).toMatchObject({ link_type: 'is_blocked_by' });
    const list = (await api('GET', `/projects/${p1}/issues/1/links`, 'planner')).json() as Linked[];
    expect(list.map((l) => [l.iid, l.link_type])).toEqual([
      [2, 'relates_to'],
      [3, 'blocks'],
      [4, 'is_blocked_by'],
    ]);
    const fromThree = (await api('GET', `/projects/${p1}/issues/3/links`, 'planner')).json() as Linked[];
    expect(fromThree.map((l) => [l.iid, l.link_type])).toEqual([[1, 'is_blocked_by']]);
    const fromFour = (await api('GET', `/projects/${p1}/issues/4/links`, 'planner')).json() as Linked[];
    expect(fromFour.map((l) => [l.iid, l.link_type])).toEqual([[1, 'blocks']]);
    const one = (await api('GET', `/projects/${p1}/issues/4`, 'planner')).json() as { blocking_issues_count: number };
    expect(one.blocking_issues_count).toBe(1);
    // The list marks blocked issues by their open blockers: 1 (by 4) and 3 (by 1).
    const rows = (await api('GET', `/projects/${p1}/issues?sort=asc`, 'planner')).json() as Array<{
      iid: number;
      blocked_by_count: number;
    }>;
    expect(rows.filter((r) => r.iid <= 4).map((r) => [r.iid, r.blocked_by_count])).toEqual([
      [1, 1],
      [2, 0],
      [3, 1],
      [4, 0],
    ]);
  });

  it('409 on duplicates in either direction, 400 on self links and bad input', async () => {
    const dup = await api('POST', `/projects/${p1}/issues/2/links`, 'planner', {
      target_project_id: p1,
      target_issue_iid: 1,
    });
    expect(dup.statusCode).toBe(409);
    const self = await api('POST', `/projects/${p1}/issues/2/links`, 'planner', {
      target_project_id: p1,
      target_issue_iid: 2,
    });
    expect(self.statusCode).toBe(400);
    const bad = await api('POST', `/projects/${p1}/issues/2/links`, 'planner', {
      target_project_id: p1,
      target_issue_iid: 3,
      link_type: 'duplicates',
    });
    expect(bad.statusCode).toBe(400);
    expect((await api('POST', `/projects/${p1}/issues/2/links`, 'planner', { target_project_id: p1 })).statusCode).toBe(
      400,
    );
  });

  it('404 for unreadable targets and sources, 403 without admin_issue_relation, 401 anonymous', async () => {
    // planner is only a Guest of `secret`: can read, so linking works; outsider cannot see p1 at all.
    expect(
      (await api('POST', `/projects/${p1}/issues/1/links`, 'guest', { target_project_id: secret, target_issue_iid: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/projects/${p1}/issues/1/links`, 'guest', { target_project_id: p1, target_issue_iid: 5 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/projects/${p1}/issues/1/links`, 'outsider', { target_project_id: p1, target_issue_iid: 2 }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await api('POST', `/projects/${pub}/issues/1/links`, 'outsider', {
          target_project_id: pub,
          target_issue_iid: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await api('POST', `/projects/${pub}/issues/1/links`, 'outsider', { target_project_id: p1, target_issue_iid: 1 }))
        .statusCode,
    ).toBe(403);
    const created = await api('POST', `/projects/${p1}/issues/1/links`, 'admin', {
      target_project_id: pub,
      target_issue_iid: 1,
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await api('POST', `/projects/${pub}/issues/1/links`, undefined, { target_project_id: pub, target_issue_iid: 1 }))
        .statusCode,
    ).toBe(401);
    // outsider sees pub#1's links but not the link to private p1#1.
    expect((await api('GET', `/projects/${pub}/issues/1/links`, 'outsider')).json()).toEqual([]);
    expect(
      ((await api('GET', `/projects/${pub}/issues/1/links`, 'planner')).json() as Linked[]).map((l) => l.iid),
    ).toEqual([1]);
  });

  it('a guest links within its project; deletes return the link', async () => {
    const created = await api('POST', `/projects/${p1}/issues/2/links`, 'guest', {
      target_project_id: p1,
      target_issue_iid: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = (await api('GET', `/projects/${p1}/issues/2/links`, 'guest')).json() as Linked[];
    const link = list.find((l) => l.iid === 3);
    expect(link).toBeDefined();
    expect((await api('DELETE', `/projects/${p1}/issues/2/links/${link?.issue_link_id}`, 'outsider')).statusCode).toBe(
      404,
    );
    expect((await api('DELETE', `/projects/${p1}/issues/4/links/${link?.issue_link_id}`, 'guest')).statusCode).toBe(
      404,
    );
    const del = await api('DELETE', `/projects/${p1}/issues/2/links/${link?.issue_link_id}`, 'guest');
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ source_issue: { iid: 2 }, target_issue: { iid: 3 }, link_type: 'relates_to' });
    expect((await api('DELETE', `/projects/${p1}/issues/2/links/${link?.issue_link_id}`, 'guest')).statusCode).toBe(
      404,
    );
  });

  it('notes the link and its removal on both issues, each naming the other as seen from its project', async () => {
    const newIssue = async (project: number, title: string) =>
      ((await api('POST', `/projects/${project}/issues`, 'admin', { title })).json() as { iid: number }).iid;
    const [a, b] = [await newIssue(p1, 'noted a'), await newIssue(p1, 'noted b')];
    const elsewhere = await newIssue(pub, 'noted elsewhere');
    const systemNotes = async (project: number, iid: number) =>
      (
        (await api('GET', `/projects/${project}/issues/${iid}/notes?sort=asc`, 'admin')).json() as Array<{
          body: string;
          system: boolean;
          author: { username: string };
        }>
      )
        .filter((n) => n.system)
        .map((n) => n.body);

    const blocks = await api('POST', `/projects/${p1}/issues/${a}/links`, 'admin', {
      target_project_id: p1,
      target_issue_iid: b,
      link_type: 'blocks',
    });
    expect(blocks.statusCode, blocks.body).toBe(201);
    const related = await api('POST', `/projects/${p1}/issues/${a}/links`, 'admin', {
      target_project_id: 'lnkpub/o',
      target_issue_iid: elsewhere,
    });
    expect(related.statusCode, related.body).toBe(201);
    // A refused link (already there) notes nothing.
    const again = await api('POST', `/projects/${p1}/issues/${b}/links`, 'admin', {
      target_project_id: p1,
      target_issue_iid: a,
    });
    expect(again.statusCode).toBe(409);
    expect(await systemNotes(p1, a)).toEqual([
      `marked this issue as blocking #${b}`,
      `marked this issue as related to lnkpub/o#${elsewhere}`,
    ]);
    expect(await systemNotes(p1, b)).toEqual([`marked this issue as blocked by #${a}`]);
    expect(await systemNotes(pub, elsewhere)).toEqual([`marked this issue as related to lnkacme/web#${a}`]);
    // The note names an issue of a private project: who may read the public issue but not that one
    // does not see it, in the list, its count, the single note and the threads.
    for (const who of ['outsider', undefined] as const) {
      const listed = await api('GET', `/projects/${pub}/issues/${elsewhere}/notes`, who);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([]);
      expect(listed.headers['x-total']).toBe('0');
      const threads = (await api('GET', `/projects/${pub}/issues/${elsewhere}/discussions`, who)).json() as unknown[];
      expect(threads).toEqual([]);
    }
    const noteId = (
      (await api('GET', `/projects/${pub}/issues/${elsewhere}/notes`, 'admin')).json() as Array<{ id: number }>
    )[0]?.id;
    expect((await api('GET', `/projects/${pub}/issues/${elsewhere}/notes/${noteId}`, 'outsider')).statusCode).toBe(404);

    const links = (await api('GET', `/projects/${pub}/issues/${elsewhere}/links`, 'admin')).json() as Linked[];
    const removed = await api(
      'DELETE',
      `/projects/${pub}/issues/${elsewhere}/links/${links[0]?.issue_link_id}`,
      'admin',
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await systemNotes(pub, elsewhere)).at(-1)).toBe(`removed the relation with lnkacme/web#${a}`);
    expect((await systemNotes(p1, a)).at(-1)).toBe(`removed the relation with lnkpub/o#${elsewhere}`);
    expect(await systemNotes(p1, b)).toHaveLength(1);
  });
});
