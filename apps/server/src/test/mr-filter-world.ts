import type { Database } from '../db/connection';
import { createFilterWorldBase, type FilterWorld, insertRows } from './filter-world-base';
import { type IssuableHead, issuableHeadValues } from './filter-world-issuable';

/**
 * Test world for every merge request filter token × operator against a small world. Merge requests of project P:
 *   1 alice; bug; M1 (started, release v1.0); assignee bob; reviewer carol (unreviewed); feat/a→main;
 *     environment production; alice 👍; "Fix crash in login"
 *   2 bob; bug, ui; M2 (upcoming); assignee alice; reviewer carol (approved, approval); DRAFT; feat/b→main;
 *     "crash stack" in description
 *   3 carol; no label; no milestone; MERGED by alice; approvals alice and bob; fix/c→develop; staging
 *   4 alice; ui; M1; assignee alice; reviewer bob (requested_changes); CLOSED; feat/d→develop; "Tidy crash handler"
 *   5 bob; feature; assignee bob; reviewers alice (review_started) and carol (reviewed); feat/e→main
 */
export async function buildMergeRequestFilterWorld(db: Database): Promise<FilterWorld> {
  const world = await createFilterWorldBase(db, 'mf', 'mflt');
  const { tok, uid, ids, projectId, groupId } = world;
  for (const name of ['production', 'staging']) {
    ids[name] = (
      await db
        .insertInto('environments')
        .values({ project_id: projectId, name, slug: name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  type Review = [string, 'unreviewed' | 'review_started' | 'reviewed' | 'requested_changes' | 'approved'];
  const mr = async (
    iid: number,
    author: string,
    a: IssuableHead & {
      source: string;
      target: string;
      labels?: string[];
      assignees?: string[];
      reviewers?: Review[];
      approvals?: string[];
      draft?: boolean;
      state?: 'opened' | 'closed' | 'merged';
      mergeUser?: string;
      environment?: number;
    },
  ) => {
    const row = await db
      .insertInto('merge_requests')
      .values({
        ...issuableHeadValues(world, iid, author, a),
        source_branch: a.source,
        target_branch: a.target,
        draft: a.draft ?? false,
        state: a.state ?? 'opened',
        merge_user_id: a.mergeUser ? (uid[a.mergeUser] as number) : null,
        environment_id: a.environment ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[`!${iid}`] = row.id;
    const link = (user: string) => ({ merge_request_id: row.id, user_id: uid[user] as number });
    await insertRows(db, 'merge_request_labels', a.labels, (l) => ({
      merge_request_id: row.id,
      label_id: ids[l] as number,
    }));
    await insertRows(db, 'merge_request_assignees', a.assignees, link);
    await insertRows(db, 'merge_request_reviewers', a.reviewers, ([u, state]) => ({ ...link(u), state }));
    await insertRows(db, 'approvals', a.approvals, link);
  };
  await mr(1, 'alice', {
    title: 'Fix crash in login',
    source: 'feat/a',
    target: 'main',
    labels: ['bug'],
    milestone: ids.M1,
    assignees: ['bob'],
    reviewers: [['carol', 'unreviewed']],
    environment: ids.production,
  });
  await mr(2, 'bob', {
    title: 'Speed up dashboard',
    description: 'Fixes the crash stack',
    source: 'feat/b',
    target: 'main',
    labels: ['bug', 'ui'],
    milestone: ids.M2,
    assignees: ['alice'],
    reviewers: [['carol', 'approved']],
    approvals: ['carol'],
    draft: true,
  });
  await mr(3, 'carol', {
    title: 'Export CSV',
    source: 'fix/c',
    target: 'develop',
    state: 'merged',
    mergeUser: 'alice',
    approvals: ['alice', 'bob'],
    environment: ids.staging,
  });
  await mr(4, 'alice', {
    title: 'Tidy crash handler',
    source: 'feat/d',
    target: 'develop',
    labels: ['ui'],
    milestone: ids.M1,
    assignees: ['alice'],
    reviewers: [['bob', 'requested_changes']],
    state: 'closed',
  });
  await mr(5, 'bob', {
    title: 'Dark mode',
    source: 'feat/e',
    target: 'main',
    labels: ['feature'],
    assignees: ['bob'],
    reviewers: [
      ['alice', 'review_started'],
      ['carol', 'reviewed'],
    ],
  });
  await db
    .insertInto('award_emoji')
    .values([
      {
        name: 'thumbsup',
        user_id: uid.alice as number,
        awardable_type: 'MergeRequest',
        awardable_id: ids['!1'] as number,
      },
      { name: 'heart', user_id: uid.bob as number, awardable_type: 'MergeRequest', awardable_id: ids['!3'] as number },
    ])
    .execute();
  return { tok, uid, ids, projectId, groupId };
}
