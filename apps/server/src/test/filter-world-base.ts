import type { Insertable } from 'kysely';
import type { Database } from '../db/connection';
import type { DB } from '../db/schema';
import { todayIso } from '../lib/today';
import { AccessLevel } from '../policy/access-levels';
import { createUsersWithTokens } from './api-client';
import { addGroupMember, createGroup, createProject } from './factories';

/** What a filter test world hands its tests: tokens and ids by name, the project and its group. */
export interface FilterWorld {
  tok: Record<string, string>;
  uid: Record<string, number>;
  ids: Record<string, number>;
  projectId: number;
  groupId: number;
}

/** `YYYY-MM-DD` of today plus `offset` days. */
export const dayFromToday = (offset: number) => todayIso(offset);

/**
 * The people and place every issue / merge request filter world starts from: users alice, bob and
 * carol (Developers), guest (Guest) and outsider (no membership), each with a token, named
 * `<prefix>_<name>`, in group `groupPath` with one project `app`, which has the labels bug, ui and
 * feature, milestone M1 (started, in release v1.0) and M2 (upcoming, due in 5 days).
 */
export async function createFilterWorldBase(db: Database, prefix: string, groupPath: string): Promise<FilterWorld> {
  const { tok, uid } = await createUsersWithTokens(db, ['alice', 'bob', 'carol', 'guest', 'outsider'], {
    prefix: `${prefix}_`,
  });
  const g = await createGroup(db, { path: groupPath });
  const projectId = (await createProject(db, { namespaceId: g.id, path: 'app' })).id;
  for (const n of ['alice', 'bob', 'carol']) await addGroupMember(db, g.id, uid[n] as number, AccessLevel.DEVELOPER);
  await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
  const ids: Record<string, number> = {};
  for (const title of ['bug', 'ui', 'feature']) {
    const label = { project_id: projectId, title, color: '#ff0000', text_color: '#ffffff' };
    ids[title] = (await db.insertInto('labels').values(label).returning('id').executeTakeFirstOrThrow()).id;
  }
  const milestone = async (iid: number, title: string, start: string | null, due: string) => {
    const values = { iid, project_id: projectId, title, start_date: start, due_date: due };
    return (await db.insertInto('milestones').values(values).returning('id').executeTakeFirstOrThrow()).id;
  };
  ids.M1 = await milestone(1, 'M1', dayFromToday(-10), dayFromToday(30));
  ids.M2 = await milestone(2, 'M2', null, dayFromToday(5));
  const release = await db
    .insertInto('releases')
    .values({ project_id: projectId, tag_name: 'v1.0' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('release_milestones').values({ release_id: release.id, milestone_id: ids.M1 }).execute();
  return { tok, uid, ids, projectId, groupId: g.id };
}

/** Inserts one row per item (nothing for none or an empty list). */
export async function insertRows<T extends keyof DB, I>(
  db: Database,
  table: T,
  items: readonly I[] | undefined,
  row: (item: I) => Insertable<DB[T]>,
): Promise<void> {
  if (items?.length) await db.insertInto(table).values(items.map(row)).execute();
}
