import type { Database } from '../db/connection';
import { AccessLevel } from '../policy/access-levels';
import { createUsersWithTokens } from './api-client';
import { addGroupMember, createGroup } from './factories';

export interface EpicFilterWorld {
  tok: Record<string, string>;
  uid: Record<string, number>;
  ids: Record<string, number>;
  groupId: number;
}

/**
 * Test world for every epic filter token × operator. Epics of group G (iid: what it carries):
 *   1 alice; bug; alice 👍; "Crash roadmap"
 *   2 bob; bug, ui; "crash notes" in description
 *   3 carol; no label; alice ❤
 *   4 alice; ui; CONFIDENTIAL; "Secret crash"
 *   5 bob; feature; CLOSED
 * alice, bob, carol are Developers of G; guest is a Guest (no confidential epics); outsider is nobody.
 */
export async function buildEpicFilterWorld(db: Database): Promise<EpicFilterWorld> {
  const { tok, uid } = await createUsersWithTokens(db, ['alice', 'bob', 'carol', 'guest', 'outsider'], {
    prefix: 'ef_',
  });
  const ids: Record<string, number> = {};
  const g = await createGroup(db, { path: 'eflt' });
  for (const n of ['alice', 'bob', 'carol']) await addGroupMember(db, g.id, uid[n] as number, AccessLevel.DEVELOPER);
  await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
  for (const title of ['bug', 'ui', 'feature']) {
    ids[title] = (
      await db
        .insertInto('labels')
        .values({ group_id: g.id, title, color: '#00ff00', text_color: '#000000' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const epic = async (
    iid: number,
    author: string,
    a: { title: string; description?: string; labels?: string[]; confidential?: boolean; closed?: boolean },
  ) => {
    const row = await db
      .insertInto('epics')
      .values({
        group_id: g.id,
        iid,
        title: a.title,
        description: a.description ?? '',
        author_id: uid[author] as number,
        confidential: a.confidential ?? false,
        state: a.closed ? 'closed' : 'opened',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[`&${iid}`] = row.id;
    for (const l of a.labels ?? []) {
      await db
        .insertInto('epic_labels')
        .values({ epic_id: row.id, label_id: ids[l] as number })
        .execute();
    }
  };
  await epic(1, 'alice', { title: 'Crash roadmap', labels: ['bug'] });
  await epic(2, 'bob', { title: 'Performance', description: 'Our crash notes', labels: ['bug', 'ui'] });
  await epic(3, 'carol', { title: 'Exports' });
  await epic(4, 'alice', { title: 'Secret crash', labels: ['ui'], confidential: true });
  await epic(5, 'bob', { title: 'Dark mode', labels: ['feature'], closed: true });
  await db
    .insertInto('award_emoji')
    .values([
      { name: 'thumbsup', user_id: uid.alice as number, awardable_type: 'Epic', awardable_id: ids['&1'] as number },
      { name: 'heart', user_id: uid.alice as number, awardable_type: 'Epic', awardable_id: ids['&3'] as number },
    ])
    .execute();
  return { tok, uid, ids, groupId: g.id };
}
