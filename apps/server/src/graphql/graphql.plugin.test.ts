import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createCookieSession, createGroup, createToken, createUser } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();
let memberToken: string;
let strangerToken: string;
let memberId: number;

beforeAll(async () => {
  const member = await createUser(t.db, { username: 'gq-member', name: 'Member One' });
  const stranger = await createUser(t.db, { username: 'gq-stranger' });
  memberId = member.id;
  memberToken = await createToken(t.db, member.id);
  strangerToken = await createToken(t.db, stranger.id);
  const top = await createGroup(t.db, { path: 'gq-top', name: 'Top', visibility: 0 });
  await addGroupMember(t.db, top.id, member.id, AccessLevel.DEVELOPER);
  for (const name of ['alpha', 'beta', 'gamma']) {
    const sub = await createGroup(t.db, { path: `gq-${name}`, name, parentId: top.id, visibility: 0 });
    await createGroup(t.db, { path: `gq-${name}-leaf`, name: `${name} leaf`, parentId: sub.id, visibility: 0 });
  }
  await createGroup(t.db, { path: 'gq-public', name: 'Public', visibility: 20 });
});
describe('GraphQL transport', () => {
  it('answers currentUser for a token and null for anonymous', async () => {
    const q = '{ currentUser { id username name webUrl state avatarUrl } }';
    const signedIn = await gql(t.app, q, {}, memberToken);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data?.currentUser).toMatchObject({
      id: `gid://gitlab/User/${memberId}`,
      username: 'gq-member',
      name: 'Member One',
      state: 'active',
    });
    const anonymous = await gql(t.app, q);
    expect(anonymous.body.data?.currentUser).toBeNull();
  });

  it('rejects a bad token with 401', async () => {
    const res = await gql(t.app, '{ currentUser { id } }', {}, 'nope');
    expect(res.status).toBe(401);
  });

  it('hides a private group from strangers and anonymous visitors (null, no error)', async () => {
    const q = 'query($p: ID!) { group(fullPath: $p) { id fullPath visibility } }';
    expect(dig((await gql(t.app, q, { p: 'gq-top' }, strangerToken)).body.data, 'group')).toBeNull();
    expect(dig((await gql(t.app, q, { p: 'gq-top' })).body.data, 'group')).toBeNull();
    expect(dig((await gql(t.app, q, { p: 'does/not/exist' }, memberToken)).body.data, 'group')).toBeNull();
    const member = await gql(t.app, q, { p: 'gq-top' }, memberToken);
    expect(member.body.data?.group).toMatchObject({ fullPath: 'gq-top', visibility: 'private' });
    const pub = await gql(t.app, q, { p: 'gq-public' });
    expect(pub.body.data?.group).toMatchObject({ fullPath: 'gq-public', visibility: 'public' });
  });

  it('pages descendantGroups with first/after, count and search', async () => {
    const q = `query($p: ID!, $after: String, $search: String, $all: Boolean) {
      group(fullPath: $p) { descendantGroups(first: 2, after: $after, search: $search, includeParentDescendants: $all) {
        count nodes { fullPath parent { fullPath } } edges { cursor node { name } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;
    const page1 = await gql(t.app, q, { p: 'gq-top' }, memberToken);
    const conn1 = dig(page1.body.data, 'group', 'descendantGroups') as {
      count: number;
      nodes: Array<{ fullPath: string }>;
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
    expect(conn1.count).toBe(6);
    expect(conn1.nodes.map((n) => n.fullPath)).toEqual(['gq-top/gq-alpha', 'gq-top/gq-alpha/gq-alpha-leaf']);
    expect(conn1.pageInfo.hasNextPage).toBe(true);
    const page2 = await gql(t.app, q, { p: 'gq-top', after: conn1.pageInfo.endCursor }, memberToken);
    const nodes2 = dig(page2.body.data, 'group', 'descendantGroups', 'nodes') as Array<{ fullPath: string }>;
    expect(nodes2.map((n) => n.fullPath)).toEqual(['gq-top/gq-beta', 'gq-top/gq-beta/gq-beta-leaf']);
    const direct = await gql(t.app, q, { p: 'gq-top', all: false }, memberToken);
    expect(dig(direct.body.data, 'group', 'descendantGroups', 'count')).toBe(3);
    const search = await gql(t.app, q, { p: 'gq-top', search: 'gamma' }, memberToken);
    expect(dig(search.body.data, 'group', 'descendantGroups', 'count')).toBe(2);
  });

  it('reads an empty cursor as the start of the list, as GitLab does', async () => {
    const q = '{ group(fullPath: "gq-top") { descendantGroups(first: 1, after: "") { nodes { fullPath } } } }';
    const res = await gql(t.app, q, {}, memberToken);
    expect(res.body.errors).toBeUndefined();
    expect(dig(res.body.data, 'group', 'descendantGroups', 'nodes')).toEqual([{ fullPath: 'gq-top/gq-alpha' }]);
  });

  it('rejects a bad cursor as a user error', async () => {
    const q = '{ group(fullPath: "gq-top") { descendantGroups(after: "garbage") { count } } }';
    const res = await gql(t.app, q, {}, memberToken);
    expect(res.body.errors?.[0]).toMatchObject({
      message: 'after is not a valid cursor',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('answers a malformed query with 400 and a message', async () => {
    const res = await gql(t.app, '{ currentUser { id ', {}, memberToken);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/Syntax Error/);
    const unknown = await gql(t.app, '{ nothingHere }', {}, memberToken);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.message).toMatch(/nothingHere/);
  });

  it('serves reads over GET and refuses mutations over GET', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/graphql?query=${encodeURIComponent('{ currentUser { username } }')}`,
      headers: { 'private-token': memberToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.currentUser.username).toBe('gq-member');
    const mutation = await t.app.inject({
      method: 'GET',
      url: `/api/graphql?query=${encodeURIComponent('mutation { x }')}`,
    });
    expect(mutation.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('limits depth to 15', async () => {
    const deep = `{ group(fullPath: "gq-top") { ${'parent { '.repeat(15)}id${' }'.repeat(15)} } }`;
    const res = await gql(t.app, deep, {}, memberToken);
    expect(res.body.errors?.[0]?.message).toMatch(/exceeds max depth of 15/);
    expect(dig(res.body.data, 'group')).toBeFalsy();
  });

  it('limits complexity: 250 for anonymous, 300 signed in', async () => {
    // A look-up by argument costs 1, a connection 1 + its page size (scalars nothing: complexity.ts).
    const costing = (total: number) => {
      const lists: string[] = [];
      for (let left = total - 1; left > 0; ) {
        const size = Math.min(100, left - 1);
        lists.push(`e${lists.length}: epics(first: ${size}) { nodes { id } }`);
        left -= size + 1;
      }
      return `{ group(fullPath: "gq-top") { ${lists.join(' ')} } }`;
    };
    const anonymous = await gql(t.app, costing(251));
    expect(anonymous.body.errors?.[0]?.message).toMatch(/exceeds max complexity of 250/);
    const ok = await gql(t.app, costing(280), {}, memberToken);
    expect(ok.body.errors).toBeUndefined();
    const signedIn = await gql(t.app, costing(301), {}, memberToken);
    expect(signedIn.body.errors?.[0]?.message).toMatch(/exceeds max complexity of 300/);
  });

  it('accepts cookie sessions: POST needs the X-CSRF-Token, GET does not', async () => {
    const { cookies, csrfToken } = await createCookieSession(t.db, memberId);
    const payload = { query: '{ currentUser { username } }' };
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/graphql', cookies, payload });
    expect(noCsrf.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      cookies,
      headers: { 'x-csrf-token': csrfToken },
      payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.currentUser.username).toBe('gq-member');
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/graphql?query=${encodeURIComponent(payload.query)}`,
      cookies,
    });
    expect(get.json().data.currentUser.username).toBe('gq-member');
  });
});
