import type { Database } from '../db/connection';
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
 * `<prefix>_<name>`, in group `groupPath` with one project `app`.
 */
export async function createFilterWorldBase(db: Database, prefix: string, groupPath: string): Promise<FilterWorld> {
  const { tok, uid } = await createUsersWithTokens(db, ['alice', 'bob', 'carol', 'guest', 'outsider'], {
    prefix: `${prefix}_`,
  });
  const g = await createGroup(db, { path: groupPath });
  const projectId = (await createProject(db, { namespaceId: g.id, path: 'app' })).id;
  for (const n of ['alice', 'bob', 'carol']) await addGroupMember(db, g.id, uid[n] as number, AccessLevel.DEVELOPER);
  await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
  return { tok, uid, ids: {}, projectId, groupId: g.id };
}
