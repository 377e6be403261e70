import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createToken, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Security review L15: the last-Owner rule must hold when two Owners demote or remove each other at
 * the same moment. On PostgreSQL the requests really overlap (pooled connections); PGlite runs them
 * one after the other, where the rule holds trivially.
 */
describe('a group keeps an Owner under concurrent demotions and removals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function twoOwners(round: string) {
    const group = await createGroup(t.db, { path: `lastowner-${round}` });
    const people = [];
    for (const who of ['a', 'b']) {
      const user = await createUser(t.db, { username: `lo_${round}_${who}` });
      await addGroupMember(t.db, group.id, user.id, AccessLevel.OWNER);
      people.push({ id: user.id, token: await createToken(t.db, user.id) });
    }
    const [a, b] = people as [{ id: number; token: string }, { id: number; token: string }];
    return { group, a, b };
  }

  const owners = async (groupId: number) =>
    (
      await t.db
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', groupId)
        .where('access_level', '>=', AccessLevel.OWNER)
        .execute()
    ).length;

  const ROUNDS = 20;

  it('demoting each other: one demotion wins, the other is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { group, a, b } = await twoOwners(`d${round}`);
      const demote = (actor: { token: string }, target: { id: number }) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v4/groups/${group.id}/members/${target.id}`,
          headers: { 'private-token': actor.token },
          payload: { access_level: AccessLevel.DEVELOPER },
        });
      const results = await Promise.all([demote(a, b), demote(b, a)]);
      expect(await owners(group.id), `round ${round}`).toBe(1);
      // The loser is refused as last Owner (400), or, demoted already when it started, may not manage Owners (403).
      expect(
        results.filter((r) => r.statusCode === 200),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });

  it('removing each other: one removal wins, the other is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { group, a, b } = await twoOwners(`r${round}`);
      const remove = (actor: { token: string }, target: { id: number }) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/v4/groups/${group.id}/members/${target.id}`,
          headers: { 'private-token': actor.token },
        });
      const results = await Promise.all([remove(a, b), remove(b, a)]);
      expect(await owners(group.id), `round ${round}`).toBe(1);
      // The loser is either refused as last Owner (400) or, removed already, no longer allowed (403/404).
      expect(
        results.filter((r) => r.statusCode === 204),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });
});
