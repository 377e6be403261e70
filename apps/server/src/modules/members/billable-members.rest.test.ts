import { beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, addProjectMember, createGroup, createProject, createUser } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'bm-',
  users: ['owner', 'maint', 'dev', 'guest', 'outsider', 'leaver'],
  admins: ['admin'],
});
const { api, uid } = t;
let top: { id: number };
let sub: { id: number };
let project: { id: number };

interface Billable {
  id: number;
  username: string;
  membership_type: string;
  is_last_owner: boolean;
  email: string | null;
  removable: boolean;
}
const usernames = (body: unknown) => (body as Billable[]).map((m) => m.username);

beforeAll(async () => {
  top = await createGroup(t.db, { path: 'bm-top', name: 'BM Top', visibility: 0 });
  sub = await createGroup(t.db, { path: 'sub', name: 'Sub', parentId: top.id, visibility: 0 });
  project = await createProject(t.db, { namespaceId: sub.id, path: 'proj' });
  await addGroupMember(t.db, top.id, uid.owner as number, 50);
  await addGroupMember(t.db, top.id, uid.maint as number, 40);
  await addGroupMember(t.db, sub.id, uid.maint as number, 30);
  await addGroupMember(t.db, sub.id, uid.leaver as number, 30);
  await addProjectMember(t.db, project.id, uid.leaver as number, 20);
  await addProjectMember(t.db, project.id, uid.dev as number, 30);
  await addGroupMember(t.db, sub.id, uid.guest as number, 10);
  // Not seats: a bot, a blocked user, and a membership that has expired.
  const bot = await createUser(t.db, { username: 'bm-bot' });
  await t.db.updateTable('users').set({ bot: true }).where('id', '=', bot.id).execute();
  await addGroupMember(t.db, top.id, bot.id, 30);
  const blocked = await createUser(t.db, { username: 'bm-blocked', state: 'blocked' });
  await addGroupMember(t.db, top.id, blocked.id, 30);
  const expired = await createUser(t.db, { username: 'bm-expired' });
  await addGroupMember(t.db, top.id, expired.id, 30);
  await t.db.updateTable('group_members').set({ expires_at: '2020-01-01' }).where('user_id', '=', expired.id).execute();
});

describe('GET /groups/:id/billable_members', () => {
  it('lists the active human members of the hierarchy, guests included on the free plan', async () => {
    const res = await api('GET', `/groups/${top.id}/billable_members?sort=name_asc`, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(usernames(res.json()).sort()).toEqual(['bm-dev', 'bm-guest', 'bm-leaver', 'bm-maint', 'bm-owner']);
    const reversed = await api('GET', `/groups/${top.id}/billable_members?sort=name_desc`, 'owner');
    expect(usernames(reversed.json())).toEqual(usernames(res.json()).reverse());
    expect(res.headers['x-total']).toBe('5');
    const byName = Object.fromEntries((res.json() as Billable[]).map((m) => [m.username, m]));
    expect(byName['bm-dev']).toMatchObject({ membership_type: 'project_member', removable: true, email: null });
    expect(byName['bm-maint']).toMatchObject({ membership_type: 'group_member', is_last_owner: false });
    expect(byName['bm-owner']).toMatchObject({ is_last_owner: true });
    expect(Object.keys(byName['bm-owner'] ?? {})).toEqual(
      expect.arrayContaining(['web_url', 'avatar_url', 'state', 'last_activity_on', 'created_at', 'last_login_at']),
    );
  });

  it('searches, sorts and pages as GitLab', async () => {
    const search = await api('GET', `/groups/bm-top/billable_members?search=MAIN`, 'owner');
    expect(usernames(search.json())).toEqual(['bm-maint']);
    const desc = await api('GET', `/groups/${top.id}/billable_members?sort=access_level_desc&per_page=2`, 'owner');
    expect(usernames(desc.json())).toEqual(['bm-owner', 'bm-maint']);
    expect(desc.headers['x-next-page']).toBe('2');
    const bad = await api('GET', `/groups/${top.id}/billable_members?sort=bogus`, 'owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sort');
  });

  it('shows emails to administrators only', async () => {
    const res = await api('GET', `/groups/${top.id}/billable_members?search=bm-dev`, 'admin');
    expect((res.json() as Billable[])[0]?.email).toMatch(/@/);
  });

  it('does not bill guests on Ultimate', async () => {
    await t.db
      .insertInto('gitlab_subscriptions')
      .values({ namespace_id: top.id, plan_code: 'ultimate', seats: 3 })
      .execute();
    try {
      const res = await api('GET', `/groups/${top.id}/billable_members?sort=name_asc`, 'owner');
      expect(usernames(res.json())).not.toContain('bm-guest');
      const guest = await api('GET', `/groups/${top.id}/billable_members/${uid.guest}/memberships`, 'owner');
      expect(guest.statusCode).toBe(404);
    } finally {
      await t.db.deleteFrom('gitlab_subscriptions').where('namespace_id', '=', top.id).execute();
    }
  });

  it('answers top-level groups to their Owners only: 400 for a subgroup or a non-Owner, 404 for a hidden group, 401 anonymous', async () => {
    expect((await api('GET', `/groups/${sub.id}/billable_members`, 'owner')).statusCode).toBe(400);
    expect((await api('GET', `/groups/${top.id}/billable_members`, 'maint')).statusCode).toBe(400);
    expect((await api('GET', `/groups/${top.id}/billable_members`, 'outsider')).statusCode).toBe(404);
    // GitLab's members API authenticates before any lookup.
    expect((await api('GET', `/groups/${top.id}/billable_members`)).statusCode).toBe(401);
  });
});

describe('GET /groups/:id/billable_members/:user_id/memberships and /indirect', () => {
  it('lists the direct memberships in the hierarchy with where they are and their role', async () => {
    const res = await api('GET', `/groups/${top.id}/billable_members/${uid.leaver}/memberships`, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        source_id: sub.id,
        source_full_name: 'BM Top / Sub',
        source_members_url: expect.stringMatching(/\/groups\/bm-top\/sub\/-\/group_members$/),
        expires_at: null,
        access_level: { string_value: 'Developer', integer_value: 30 },
      }),
      expect.objectContaining({
        source_id: project.id,
        source_members_url: expect.stringMatching(/\/bm-top\/sub\/proj\/-\/project_members$/),
        access_level: { string_value: 'Reporter', integer_value: 20 },
      }),
    ]);
    const indirect = await api('GET', `/groups/${top.id}/billable_members/${uid.leaver}/indirect`, 'owner');
    expect(indirect.json()).toEqual([]);
  });

  it('404 for a user who is not a billable member; 400 for non-Owners', async () => {
    expect(
      (await api('GET', `/groups/${top.id}/billable_members/${uid.outsider}/memberships`, 'owner')).statusCode,
    ).toBe(404);
    expect((await api('GET', `/groups/${top.id}/billable_members/${uid.outsider}/indirect`, 'owner')).statusCode).toBe(
      404,
    );
    expect((await api('GET', `/groups/${top.id}/billable_members/${uid.dev}/memberships`, 'dev')).statusCode).toBe(400);
  });
});

describe('DELETE /groups/:id/billable_members/:user_id and the subscription’s seats', () => {
  it('removes every membership in the hierarchy at once; the high mark of seats stays', async () => {
    const before = await api('GET', `/namespaces/${top.id}/gitlab_subscription`, 'owner');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      plan: { code: 'free', name: 'Free', trial: false, exclude_guests: false },
      usage: { seats_in_subscription: 0, seats_in_use: 5, max_seats_used: 5, seats_owed: 0 },
      billing: { subscription_start_date: null, subscription_end_date: null, trial_ends_on: null },
    });

    expect((await api('DELETE', `/groups/${top.id}/billable_members/${uid.leaver}`, 'maint')).statusCode).toBe(400);
    const removed = await api('DELETE', `/groups/${top.id}/billable_members/${uid.leaver}`, 'owner');
    expect(removed.statusCode, removed.body).toBe(204);
    const left = await t.db
      .selectFrom('project_members')
      .select('id')
      .where('user_id', '=', uid.leaver as number)
      .unionAll(
        t.db
          .selectFrom('group_members')
          .select('id')
          .where('user_id', '=', uid.leaver as number),
      )
      .execute();
    expect(left).toEqual([]);
    const again = await api('DELETE', `/groups/${top.id}/billable_members/${uid.leaver}`, 'owner');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('No member found for the given user_id');

    const after = await api('GET', `/namespaces/bm-top/gitlab_subscription`, 'owner');
    expect(after.json()).toMatchObject({ usage: { seats_in_use: 4, max_seats_used: 5 } });
  });

  it('keeps the group owned: its last Owner cannot be removed', async () => {
    const res = await api('DELETE', `/groups/${top.id}/billable_members/${uid.owner}`, 'owner');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('at least one owner');
  });

  it('counts seats owed beyond those bought on a paid plan, and as members are added', async () => {
    await t.db
      .insertInto('gitlab_subscriptions')
      .values({ namespace_id: top.id, plan_code: 'premium', seats: 3 })
      .onConflict((oc) => oc.column('namespace_id').doUpdateSet({ plan_code: 'premium', seats: 3 }))
      .execute();
    const added = await api('POST', `/groups/${top.id}/members`, 'owner', { user_id: uid.outsider, access_level: 30 });
    expect(added.statusCode, added.body).toBe(201);
    const row = await t.db
      .selectFrom('gitlab_subscriptions')
      .selectAll()
      .where('namespace_id', '=', top.id)
      .executeTakeFirstOrThrow();
    expect({ inUse: row.seats_in_use, max: row.max_seats_used }).toEqual({ inUse: 5, max: 5 });
    const res = await api('GET', `/namespaces/${sub.id}/gitlab_subscription`, 'owner');
    expect(res.json()).toMatchObject({
      plan: { code: 'premium', name: 'Premium', upgradable: true },
      usage: { seats_in_subscription: 3, seats_in_use: 5, max_seats_used: 5, seats_owed: 2 },
    });
  });

  it('shows the subscription to Owners only: 403 for other members, 404 for a hidden group', async () => {
    expect((await api('GET', `/namespaces/${top.id}/gitlab_subscription`, 'dev')).statusCode).toBe(403);
    expect((await api('GET', `/namespaces/${top.id}/gitlab_subscription`, 'guest')).statusCode).toBe(403);
    const stranger = await createGroup(t.db, { path: 'bm-private', visibility: 0 });
    expect((await api('GET', `/namespaces/${stranger.id}/gitlab_subscription`, 'outsider')).statusCode).toBe(404);
  });
});
