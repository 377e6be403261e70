import { addDays } from '@meridian/domain';
import { todayIso } from '../lib/today';
import { AccessLevel } from '../policy/access-levels';
import {
  addGroupMember,
  addProjectMember,
  createGroup,
  createProject,
  createPublicGroupProject,
  createToken,
  createUser,
} from './factories';
import type { TestApp } from './harness';

/** Tokens by role, and the ids the suggestion tests look for. */
export interface SuggestionWorld {
  tok: Record<'owner' | 'dev' | 'rep' | 'guest' | 'outsider' | 'projOnly', string>;
  uid: Record<string, number>;
  groupId: number;
  subId: number;
  webId: number;
  apiId: number;
  today: string;
}

/**
 * sgacme (private) ⊃ sgacme/sub (private) ⊃ project api; sgacme/web; sghidden (private) with a
 * project; sgpub (public) with a public project `open` and a private project `closed`.
 */
export async function buildSuggestionWorld(t: TestApp): Promise<SuggestionWorld> {
  const db = t.db;
  const uid: Record<string, number> = {};
  const tok = {} as SuggestionWorld['tok'];
  const names: Record<keyof SuggestionWorld['tok'], string> = {
    owner: 'Olivia Owner',
    dev: 'Dana Dev',
    rep: 'Rita Reporter',
    guest: 'Gus Guest',
    outsider: 'Otto Outsider',
    projOnly: 'Pia Project',
  };
  for (const [role, name] of Object.entries(names) as Array<[keyof SuggestionWorld['tok'], string]>) {
    const u = await createUser(db, { username: `sg_${role.toLowerCase()}`, name });
    uid[role] = u.id;
    tok[role] = await createToken(db, u.id);
  }
  uid.blocked = (await createUser(db, { username: 'sg_blocked', name: 'Bob Blocked', state: 'blocked' })).id;
  uid.percent = (await createUser(db, { username: 'sg_percent', name: 'Hundred 100% Pat' })).id;

  const g = await createGroup(db, { path: 'sgacme', name: 'SG Acme' });
  const sub = await createGroup(db, { path: 'sub', name: 'Sub', parentId: g.id });
  const web = await createProject(db, { namespaceId: g.id, path: 'web' });
  const api = await createProject(db, { namespaceId: sub.id, path: 'api' });
  const hidden = await createGroup(db, { path: 'sghidden' });
  const secret = await createProject(db, { namespaceId: hidden.id, path: 'secret' });
  const { group: pub, project: open } = await createPublicGroupProject(db, 'sgpub');
  const closed = await createProject(db, { namespaceId: pub.id, path: 'closed' });
  const pubPrivateSub = await createGroup(db, { path: 'inner', parentId: pub.id });

  await addGroupMember(db, g.id, uid.owner as number, AccessLevel.OWNER);
  await addGroupMember(db, g.id, uid.dev as number, AccessLevel.DEVELOPER);
  await addGroupMember(db, g.id, uid.rep as number, AccessLevel.REPORTER);
  await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
  await addGroupMember(db, g.id, uid.blocked as number, AccessLevel.GUEST);
  await addGroupMember(db, g.id, uid.percent as number, AccessLevel.GUEST);
  await addProjectMember(db, api.id, uid.projOnly as number, AccessLevel.DEVELOPER);

  // Labels: `bug` three times (group, subgroup, project) must come back once.
  await db
    .insertInto('labels')
    .values([
      { group_id: g.id, title: 'bug', color: '#ff0000', text_color: '#FFFFFF', description: 'Broken' },
      { group_id: g.id, title: 'feature', color: '#00ff00', text_color: '#333333' },
      { group_id: g.id, title: 'snake_case', color: '#0000ff', text_color: '#FFFFFF' },
      { group_id: g.id, title: 'snakeycase', color: '#0000ff', text_color: '#FFFFFF' },
      { group_id: sub.id, title: 'bug', color: '#aa0000', text_color: '#FFFFFF' },
      { group_id: sub.id, title: 'sub-only', color: '#aa00aa', text_color: '#FFFFFF' },
      { project_id: web.id, title: 'web-only', color: '#123456', text_color: '#FFFFFF' },
      { project_id: web.id, title: 'bug', color: '#654321', text_color: '#FFFFFF' },
      { group_id: hidden.id, title: 'hidden-label', color: '#123456', text_color: '#FFFFFF' },
      { group_id: pub.id, title: 'public-label', color: '#123456', text_color: '#FFFFFF' },
      { project_id: open.id, title: 'open-label', color: '#123456', text_color: '#FFFFFF' },
      { project_id: closed.id, title: 'private-label', color: '#123456', text_color: '#FFFFFF' },
      { group_id: pubPrivateSub.id, title: 'private-sub-label', color: '#123456', text_color: '#FFFFFF' },
    ])
    .execute();

  await db
    .insertInto('milestones')
    .values([
      { group_id: g.id, iid: 1, title: 'G1', due_date: '2030-01-10', start_date: '2030-01-01' },
      { group_id: g.id, iid: 2, title: 'G-closed', state: 'closed' },
      { group_id: sub.id, iid: 1, title: 'S1', due_date: '2030-01-05' },
      { project_id: web.id, iid: 1, title: 'P1' },
      { project_id: closed.id, iid: 1, title: 'Private P' },
      { group_id: pub.id, iid: 1, title: 'Pub M', due_date: '2031-01-01' },
      { group_id: pubPrivateSub.id, iid: 1, title: 'Private sub M' },
    ])
    .execute();

  let iid = 0;
  const mr = (projectId: number, source: string, target: string) => {
    iid += 1;
    return { project_id: projectId, iid, title: `MR ${iid}`, source_branch: source, target_branch: target };
  };
  await db
    .insertInto('merge_requests')
    .values([
      mr(web.id, 'feature-a', 'main'),
      mr(web.id, 'feature-a2', 'main'),
      mr(api.id, 'feature-b', 'develop'),
      mr(secret.id, 'secret-source', 'secret-target'),
      mr(open.id, 'open-source', 'open-target'),
      mr(closed.id, 'private-source', 'private-target'),
    ])
    .execute();

  await db
    .insertInto('releases')
    .values([
      { project_id: web.id, tag_name: 'v1.0', name: 'First', released_at: new Date('2025-01-01T00:00:00Z') },
      { project_id: web.id, tag_name: 'v1.1', name: '', released_at: new Date('2025-02-01T00:00:00Z') },
      { project_id: api.id, tag_name: 'api-2.0', name: 'API two', released_at: new Date('2025-03-01T00:00:00Z') },
      { project_id: open.id, tag_name: 'open-1', name: 'Open', released_at: new Date('2025-01-01T00:00:00Z') },
      { project_id: closed.id, tag_name: 'secret-tag', name: 'Secret', released_at: new Date('2025-01-01T00:00:00Z') },
    ])
    .execute();

  await db
    .insertInto('environments')
    .values([
      { project_id: web.id, name: 'production', slug: 'production' },
      { project_id: web.id, name: 'staging', slug: 'staging' },
      { project_id: api.id, name: 'production', slug: 'production' },
      { project_id: open.id, name: 'open-env', slug: 'open-env' },
      { project_id: closed.id, name: 'private-env', slug: 'private-env' },
    ])
    .execute();

  await db
    .insertInto('epics')
    .values([
      { group_id: g.id, iid: 1, title: 'Roadmap alpha', created_at: new Date('2025-01-01T00:00:00Z') },
      {
        group_id: g.id,
        iid: 2,
        title: 'Confidential plan',
        confidential: true,
        created_at: new Date('2025-01-02T00:00:00Z'),
      },
      { group_id: g.id, iid: 3, title: 'Closed beta', state: 'closed', created_at: new Date('2025-01-03T00:00:00Z') },
      { group_id: sub.id, iid: 1, title: 'Sub epic', created_at: new Date('2025-01-04T00:00:00Z') },
      { group_id: hidden.id, iid: 1, title: 'Hidden epic' },
      { group_id: pub.id, iid: 1, title: 'Pub epic' },
      { group_id: pubPrivateSub.id, iid: 1, title: 'Private sub epic' },
    ])
    .execute();

  const today = todayIso();
  const [sprint, alpha] = await db
    .insertInto('iterations_cadences')
    .values([
      { group_id: g.id, title: 'Sprint cadence', automatic: false },
      { group_id: sub.id, title: 'Alpha cadence', automatic: false },
    ])
    .returning('id')
    .execute();
  const it = (cadence: number, groupId: number, n: number, start: number, title: string | null) => ({
    iid: n,
    iterations_cadence_id: cadence,
    group_id: groupId,
    sequence: n,
    title,
    start_date: addDays(today, start),
    due_date: addDays(today, start + 6),
  });
  await db
    .insertInto('iterations')
    .values([
      it(sprint?.id as number, g.id, 1, -14, 'Sprint past'),
      it(sprint?.id as number, g.id, 2, -3, 'Sprint now'),
      it(sprint?.id as number, g.id, 3, 7, 'Sprint next'),
      it(alpha?.id as number, sub.id, 1, 7, null),
    ])
    .execute();

  return { tok, uid, groupId: g.id, subId: sub.id, webId: web.id, apiId: api.id, today };
}
