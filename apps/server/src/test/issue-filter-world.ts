import type { Database } from '../db/connection';
import { createFilterWorldBase, dayFromToday as day, type FilterWorld, insertRows } from './filter-world-base';
import { type IssuableHead, issuableHeadValues } from './filter-world-issuable';

/**
 * Test world for every issue filter token × operator against a small world where each issue is built to match
 * a known subset. Issues of project P (iid: what it carries):
 *   1 alice; bug; M1 (release v1.0); weight 1; assignee bob; epic E1; current iteration; alice 👍; "Crash on login"
 *   2 bob; bug, ui; M2 (upcoming, no release); weight 3; assignee alice; past iteration; "crash report" in description
 *   3 carol; no label; no milestone; no weight; no assignee; epic E2; alice ❤
 *   4 alice; ui; M1; weight 3; CONFIDENTIAL; assignee carol; "Secret crash"
 *   5 bob; feature; no milestone; weight 0; CLOSED; assignees bob and carol
 */
export async function buildIssueFilterWorld(db: Database): Promise<FilterWorld> {
  const world = await createFilterWorldBase(db, 'if', 'iflt');
  const { tok, uid, ids, projectId, groupId } = world;
  const cadence = await db
    .insertInto('iterations_cadences')
    .values({ group_id: groupId, title: 'Sprints' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const iteration = async (seq: number, title: string, start: string, due: string) =>
    (
      await db
        .insertInto('iterations')
        .values({
          iid: seq,
          iterations_cadence_id: cadence.id,
          group_id: groupId,
          sequence: seq,
          title,
          start_date: start,
          due_date: due,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.I0 = await iteration(1, 'Sprint 0', day(-30), day(-16));
  ids.I1 = await iteration(2, 'Sprint 1', day(-3), day(10));

  const issue = async (
    iid: number,
    author: string,
    attrs: IssuableHead & {
      labels?: string[];
      weight?: number;
      assignees?: string[];
      iteration?: number;
      confidential?: boolean;
      closed?: boolean;
    },
  ) => {
    const row = await db
      .insertInto('issues')
      .values({
        ...issuableHeadValues(world, iid, author, attrs),
        weight: attrs.weight ?? null,
        iteration_id: attrs.iteration ?? null,
        confidential: attrs.confidential ?? false,
        state: attrs.closed ? 'closed' : 'opened',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[`#${iid}`] = row.id;
    await insertRows(db, 'issue_labels', attrs.labels, (l) => ({ issue_id: row.id, label_id: ids[l] as number }));
    await insertRows(db, 'issue_assignees', attrs.assignees, (a) => ({ issue_id: row.id, user_id: uid[a] as number }));
    return row.id;
  };
  await issue(1, 'alice', {
    title: 'Crash on login',
    labels: ['bug'],
    milestone: ids.M1,
    weight: 1,
    assignees: ['bob'],
    iteration: ids.I1,
  });
  await issue(2, 'bob', {
    title: 'Dashboard slow',
    description: 'See the crash report attached',
    labels: ['bug', 'ui'],
    milestone: ids.M2,
    weight: 3,
    assignees: ['alice'],
    iteration: ids.I0,
  });
  await issue(3, 'carol', { title: 'Export to CSV' });
  await issue(4, 'alice', {
    title: 'Secret crash',
    labels: ['ui'],
    milestone: ids.M1,
    weight: 3,
    assignees: ['carol'],
    confidential: true,
  });
  await issue(5, 'bob', {
    title: 'Dark mode',
    labels: ['feature'],
    weight: 0,
    assignees: ['bob', 'carol'],
    closed: true,
  });

  const epic = async (iid: number) =>
    (
      await db
        .insertInto('epics')
        .values({ group_id: groupId, iid, title: `Epic ${iid}`, author_id: uid.alice as number })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.E1 = await epic(1);
  ids.E2 = await epic(2);
  await db
    .insertInto('epic_issues')
    .values([
      { epic_id: ids.E1, issue_id: ids['#1'] as number },
      { epic_id: ids.E2, issue_id: ids['#3'] as number },
    ])
    .execute();
  await db
    .insertInto('award_emoji')
    .values([
      { name: 'thumbsup', user_id: uid.alice as number, awardable_type: 'Issue', awardable_id: ids['#1'] as number },
      { name: 'heart', user_id: uid.alice as number, awardable_type: 'Issue', awardable_id: ids['#3'] as number },
      { name: 'thumbsup', user_id: uid.bob as number, awardable_type: 'Issue', awardable_id: ids['#2'] as number },
    ])
    .execute();
  return { tok, uid, ids, projectId, groupId };
}
