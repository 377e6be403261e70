import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createToken, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * Security review L15: the last-Owner rule must hold when two Owners demote or remove each other at
 * the same moment. On PostgreSQL the requests really overlap (pooled connections); PGlite runs them
 * one after the other, where the rule holds trivially.
 */
describe('a group keeps an Owner under concurrent demotions and removals', () => {
  const t = useTestApp();

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

  // The loser of a demotion is refused as last Owner (400), or, demoted already when it started, may
  // not manage Owners (403); the loser of a removal is refused as last Owner (400) or, removed already,
  // no longer allowed (403/404).
  it.each([
    ['demoting', 'd', 'PUT', { access_level: AccessLevel.DEVELOPER }, 200],
    ['removing', 'r', 'DELETE', undefined, 204],
  ] as const)('%s each other: one wins, the other is refused', async (_name, prefix, method, payload, success) => {
    for (let round = 0; round < ROUNDS; round++) {
      const { group, a, b } = await twoOwners(`${prefix}${round}`);
      const act = (actor: { token: string }, target: { id: number }) =>
        t.app.inject({
          method,
          url: `/api/v4/groups/${group.id}/members/${target.id}`,
          headers: { 'private-token': actor.token },
          ...(payload ? { payload } : {}),
        });
      const results = await Promise.all([act(a, b), act(b, a)]);
      expect(await owners(group.id), `round ${round}`).toBe(1);
      expect(
        results.filter((r) => r.statusCode === success),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });
});
