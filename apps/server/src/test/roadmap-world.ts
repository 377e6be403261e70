import type { Database } from '../db/connection';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createGroupMembers, createProject, createToken, createUser } from './factories';
import { ROADMAP_EPICS } from './roadmap-epics';

/**
 * The world of the group Roadmap's server side tests, which check the web app's own queries
 * (calls.md RF-1 … RF-4): exact result sets for the timeframe overlap, every filter and sort,
 * pagination, child epics, milestones in a timeframe, and what each role may see. Its epics are in
 * roadmap-epics.ts, the queries in roadmap-queries.ts (exported here too, with the world).
 */

export { iidsOf, NODE_FIELDS, type Page, RF1, RF2, RF3, roadmapQueries, TF } from './roadmap-queries';

export type Role = 'owner' | 'reporter' | 'planner' | 'guest' | 'stranger' | 'subMember' | 'anonymous';

/** What the roadmap tests read from the world. */
export interface RoadmapWorld {
  tokens: Record<Role, string | undefined>;
  /** Epic database ids by iid (iids are unique across the test's groups). */
  ids: Record<number, number>;
  groupIds: Record<string, number>;
  labelIds: Record<string, number>;
}

/**
 * Groups rm (public) ⊃ sub (public), other (private) and secret (private, top level); a user per
 * role with a token; labels, the epics of ROADMAP_EPICS (roadmap-epics.ts), issues and milestones.
 */
export async function seedRoadmapWorld(db: Database): Promise<RoadmapWorld> {
  const tokens: Record<Role, string | undefined> = {
    owner: '',
    reporter: '',
    planner: '',
    guest: '',
    stranger: '',
    subMember: '',
    anonymous: undefined,
  };
  const ids: Record<number, number> = {};
  const groupIds: Record<string, number> = {};
  const labelIds: Record<string, number> = {};
  // rm (public) ⊃ sub (public), other (private); secret: a private top-level group.
  const rm = await createGroup(db, { path: 'rm', name: 'Roadmap Group', visibility: 20 });
  const sub = await createGroup(db, { path: 'sub', name: 'Sub Team', parentId: rm.id, visibility: 20 });
  const other = await createGroup(db, { path: 'other', name: 'Other Team', parentId: rm.id, visibility: 0 });
  const secret = await createGroup(db, { path: 'secret', name: 'Secret', visibility: 0 });
  Object.assign(groupIds, { rm: rm.id, sub: sub.id, other: other.id, secret: secret.id });
  const { users, tokens: memberTokens } = await createGroupMembers(db, rm.id, 'rm-', [
    ['owner', AccessLevel.OWNER],
    ['reporter', AccessLevel.REPORTER],
    ['planner', AccessLevel.PLANNER],
    ['guest', AccessLevel.GUEST],
  ]);
  Object.assign(tokens, memberTokens);
  const subMember = await createUser(db, { username: 'rm-sub-member' });
  await addGroupMember(db, sub.id, subMember.id, AccessLevel.REPORTER);
  tokens.subMember = await createToken(db, subMember.id);
  tokens.stranger = await createToken(db, (await createUser(db, { username: 'rm-stranger' })).id);

  for (const [title, color, description] of [
    ['bug', '#dc143c', 'Something is broken'],
    ['ux', '#f0f0f0', 'User experience'],
  ] as const) {
    const row = await db
      .insertInto('labels')
      .values({ group_id: rm.id, title, color, text_color: color === '#f0f0f0' ? '#333333' : '#FFFFFF', description })
      .returning('id')
      .executeTakeFirstOrThrow();
    labelIds[title] = row.id;
  }

  for (const e of ROADMAP_EPICS) {
    const startFixed = e.startFixed ?? true;
    const dueFixed = e.dueFixed ?? true;
    const row = await db
      .insertInto('epics')
      .values({
        group_id: groupIds[e.group === 'rm' ? 'rm' : e.group] as number,
        iid: e.iid,
        title: e.title,
        state: e.state ?? 'opened',
        closed_at: e.state === 'closed' ? new Date('2025-01-20T00:00:00Z') : null,
        author_id: users[e.author] as number,
        confidential: e.confidential ?? false,
        parent_id: e.parent ? ids[e.parent] : null,
        relative_position: e.position ?? null,
        start_date: e.start ?? null,
        due_date: e.due ?? null,
        start_date_is_fixed: startFixed,
        start_date_fixed: startFixed ? (e.start ?? null) : (e.startDateFixed ?? null),
        due_date_is_fixed: dueFixed,
        due_date_fixed: dueFixed ? (e.due ?? null) : null,
        created_at: new Date(`${e.created}T00:00:00Z`),
        updated_at: new Date(`${e.updated}T00:00:00Z`),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[e.iid] = row.id;
    for (const label of e.labels ?? []) {
      await db
        .insertInto('epic_labels')
        .values({ epic_id: row.id, label_id: labelIds[label] as number })
        .execute();
    }
  }

  // 1 is blocked by 2 (closed: not counted), 4, 8 (confidential) and 11 (private subgroup); 6 only relates.
  await db
    .insertInto('epic_links')
    .values([
      { source_id: ids[2] as number, target_id: ids[1] as number, link_type: 'blocks' },
      { source_id: ids[4] as number, target_id: ids[1] as number, link_type: 'blocks' },
      { source_id: ids[8] as number, target_id: ids[1] as number, link_type: 'blocks' },
      { source_id: ids[11] as number, target_id: ids[1] as number, link_type: 'blocks' },
      { source_id: ids[6] as number, target_id: ids[1] as number, link_type: 'relates_to' },
    ])
    .execute();

  // Owner reactions: thumbsup on 1 and 9, tada on 4; a reporter reaction on 2 (not the owner's).
  await db
    .insertInto('award_emoji')
    .values([
      { name: 'thumbsup', user_id: users.owner as number, awardable_type: 'Epic', awardable_id: ids[1] as number },
      { name: 'thumbsup', user_id: users.owner as number, awardable_type: 'Epic', awardable_id: ids[9] as number },
      { name: 'tada', user_id: users.owner as number, awardable_type: 'Epic', awardable_id: ids[4] as number },
      { name: 'thumbsup', user_id: users.reporter as number, awardable_type: 'Epic', awardable_id: ids[2] as number },
    ])
    .execute();

  // Issues: open (M1, weight 3) in epic 1; closed (weight 5) in epic 9; confidential (M2) in epic 2.
  const project = await createProject(db, { namespaceId: rm.id, path: 'web', visibility: 20 });
  const m1 = await db
    .insertInto('milestones')
    .values({ group_id: rm.id, iid: 1, title: 'M1', start_date: '2023-01-01', due_date: '2023-02-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const m2 = await db
    .insertInto('milestones')
    .values({ project_id: project.id, iid: 1, title: 'M2' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const issues = await db
    .insertInto('issues')
    .values([
      { project_id: project.id, iid: 1, title: 'Open', weight: 3, milestone_id: m1.id, author_id: users.owner },
      { project_id: project.id, iid: 2, title: 'Closed', weight: 5, state: 'closed', author_id: users.owner },
      {
        project_id: project.id,
        iid: 3,
        title: 'Secret',
        confidential: true,
        milestone_id: m2.id,
        author_id: users.owner,
      },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('epic_issues')
    .values([
      { epic_id: ids[1] as number, issue_id: issues[0]?.id as number },
      { epic_id: ids[9] as number, issue_id: issues[1]?.id as number },
      { epic_id: ids[2] as number, issue_id: issues[2]?.id as number },
    ])
    .execute();

  // Roadmap milestones (timeframe 2025): in — Q1, Open end, Sub M, Proj M, Other M (private subgroup);
  // out — Old (before), No dates, Closed in frame (closed), Later (after).
  await db
    .insertInto('milestones')
    .values([
      {
        group_id: rm.id,
        iid: 2,
        title: 'Q1',
        description: 'proj planning',
        start_date: '2025-01-01',
        due_date: '2025-03-31',
      },
      { group_id: rm.id, iid: 3, title: 'Old', start_date: '2024-01-01', due_date: '2024-02-01' },
      { group_id: rm.id, iid: 4, title: 'Open end', start_date: '2025-10-01' },
      { group_id: rm.id, iid: 5, title: 'No dates' },
      {
        group_id: rm.id,
        iid: 6,
        title: 'Closed in frame',
        state: 'closed',
        start_date: '2025-05-01',
        due_date: '2025-05-31',
      },
      { group_id: rm.id, iid: 7, title: 'Later', start_date: '2026-01-01', due_date: '2026-02-01' },
      { group_id: sub.id, iid: 1, title: 'Sub M', start_date: '2025-06-01', due_date: '2025-06-30' },
      { group_id: other.id, iid: 1, title: 'Other M', start_date: '2025-04-01', due_date: '2025-04-30' },
      { project_id: project.id, iid: 2, title: 'Proj M', due_date: '2025-12-31' },
    ])
    .execute();
  return { tokens, ids, groupIds, labelIds };
}
