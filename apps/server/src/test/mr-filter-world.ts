import type { Database } from '../db/connection';
import { createFilterWorldBase, dayFromToday as day, type FilterWorld } from './filter-world-base';

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
  const { tok, uid, ids, projectId, groupId } = await createFilterWorldBase(db, 'mf', 'mflt');
  for (const title of ['bug', 'ui', 'feature']) {
    ids[title] = (
      await db
        .insertInto('labels')
        .values({ project_id: projectId, title, color: '#ff0000', text_color: '#ffffff' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  ids.M1 = (
    await db
      .insertInto('milestones')
      .values({ iid: 1, project_id: projectId, title: 'M1', start_date: day(-10), due_date: day(30) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.M2 = (
    await db
      .insertInto('milestones')
      .values({ iid: 2, project_id: projectId, title: 'M2', due_date: day(5) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const release = await db
    .insertInto('releases')
    .values({ project_id: projectId, tag_name: 'v1.0' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('release_milestones').values({ release_id: release.id, milestone_id: ids.M1 }).execute();
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
    a: {
      title: string;
      description?: string;
      source: string;
      target: string;
      labels?: string[];
      milestone?: number;
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
        project_id: projectId,
        iid,
        title: a.title,
        description: a.description ?? '',
        author_id: uid[author] as number,
        source_branch: a.source,
        target_branch: a.target,
        milestone_id: a.milestone ?? null,
        draft: a.draft ?? false,
        state: a.state ?? 'opened',
        merge_user_id: a.mergeUser ? (uid[a.mergeUser] as number) : null,
        environment_id: a.environment ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[`!${iid}`] = row.id;
    for (const l of a.labels ?? []) {
      await db
        .insertInto('merge_request_labels')
        .values({ merge_request_id: row.id, label_id: ids[l] as number })
        .execute();
    }
    for (const u of a.assignees ?? []) {
      await db
        .insertInto('merge_request_assignees')
        .values({ merge_request_id: row.id, user_id: uid[u] as number })
        .execute();
    }
    for (const [u, state] of a.reviewers ?? []) {
      await db
        .insertInto('merge_request_reviewers')
        .values({ merge_request_id: row.id, user_id: uid[u] as number, state })
        .execute();
    }
    for (const u of a.approvals ?? []) {
      await db
        .insertInto('approvals')
        .values({ merge_request_id: row.id, user_id: uid[u] as number })
        .execute();
    }
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
