import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { NO_MATCHING_ISSUE } from './issue-links-by-reference';

const t = useRestTestApp({ prefix: 'lbr_', users: ['planner', 'guest'], admins: ['admin'] });
const { api, uid } = t;
let web: number;

type Linked = { iid: number; references: { full: string }; link_type: string };
const linked = (body: unknown) =>
  ((body as { issuables: Linked[] }).issuables ?? []).map((i) => `${i.link_type} ${i.references.full}`);

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'lbr' });
  web = (await createProject(t.db, { namespaceId: g.id, path: 'web' })).id;
  const api2 = (await createProject(t.db, { namespaceId: g.id, path: 'api' })).id;
  const secret = (
    await createProject(t.db, { namespaceId: (await createGroup(t.db, { path: 'lbrhidden' })).id, path: 's' })
  ).id;
  const readOnly = (
    await createProject(t.db, {
      namespaceId: (await createGroup(t.db, { path: 'lbrro', visibility: 20 })).id,
      path: 'r',
      visibility: 20,
    })
  ).id;
  await addGroupMember(t.db, g.id, uid.planner as number, AccessLevel.PLANNER);
  await addGroupMember(t.db, g.id, uid.guest as number, AccessLevel.GUEST);
  for (const [project, title] of [
    [web, 'one'],
    [web, 'two'],
    [web, 'three'],
    [web, 'four'],
    [api2, 'api one'],
    [secret, 'hidden'],
    [readOnly, 'read only'],
  ] as const) {
    expect((await api('POST', `/projects/${project}/issues`, 'admin', { title })).statusCode).toBe(201);
  }
});

describe('POST …/links with issuable_references (IE §5, several at once)', () => {
  it('links every reference and URL, de-duplicated, with the chosen type, and answers the linked list', async () => {
    const r = await api('POST', `/projects/${web}/issues/1/links`, 'planner', {
      issuable_references: ['#2 api#1', 'http://localhost/lbr/web/-/issues/2', 'lbr/web#3'],
      link_type: 'blocks',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(linked(r.json())).toEqual(['blocks lbr/web#2', 'blocks lbr/api#1', 'blocks lbr/web#3']);
    const seen = await api('GET', `/projects/${web}/issues/2/links`, 'guest');
    expect((seen.json() as Linked[]).map((i) => `${i.link_type} ${i.references.full}`)).toEqual([
      'is_blocked_by lbr/web#1',
    ]);
  });

  it('skips issues already linked; 409 when every one was', async () => {
    const again = await api('POST', `/projects/${web}/issues/1/links`, 'planner', {
      issuable_references: ['#2', '#4'],
    });
    expect(again.statusCode).toBe(201);
    expect(linked(again.json())).toContain('relates_to lbr/web#4');
    const all = await api('POST', `/projects/${web}/issues/1/links`, 'planner', { issuable_references: ['#2 #4'] });
    expect(all.statusCode).toBe(409);
    expect(all.body).toContain('Issue(s) already assigned');
  });

  it.each([
    ['a hidden issue', ['#3', 'lbrhidden/s#1'], 404, NO_MATCHING_ISSUE],
    ['an unknown issue', ['#99'], 404, NO_MATCHING_ISSUE],
    ['an issue of a public project the user is no member of', ['lbrro/r#1'], 403, '403 Forbidden'],
    ['an epic reference', ['&1'], 400, "issuable_references is invalid: '&1' is not an issue reference"],
    ['the issue itself', ['#1'], 400, 'cannot link an issue to itself'],
    ['a string instead of a list', '#3', 400, 'issuable_references is invalid'],
    ['an unknown link type', ['#3'], 400, 'link_type is invalid'],
  ])('refuses %s and links none of the batch', async (what, refs, status, message) => {
    const before = await api('GET', `/projects/${web}/issues/1/links`, 'planner');
    const r = await api('POST', `/projects/${web}/issues/1/links`, 'planner', {
      issuable_references: refs,
      ...(what === 'an unknown link type' ? { link_type: 'duplicates' } : {}),
    });
    expect(r.statusCode, r.body).toBe(status);
    expect(JSON.stringify(r.json())).toContain(message);
    expect((await api('GET', `/projects/${web}/issues/1/links`, 'planner')).body).toBe(before.body);
  });

  it('lets a Guest relate issues, as GitLab does, and an anonymous caller none (401)', async () => {
    const guest = await api('POST', `/projects/${web}/issues/3/links`, 'guest', { issuable_references: ['#4'] });
    expect(guest.statusCode).toBe(201);
    const anonymous = await api('POST', `/projects/${web}/issues/3/links`, undefined, { issuable_references: ['#2'] });
    expect(anonymous.statusCode).toBe(401);
  });
});
