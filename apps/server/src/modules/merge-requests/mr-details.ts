import { sql } from 'kysely';
import { combinedReads } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { preparedWhenOne } from '../../db/id-match';
import type { Actor } from '../../policy/actor';
import {
  emptyIssuableDetails,
  groupByKey,
  type IssuableCounts,
  type IssuableDetails,
  issuableCountColumns,
  issuableCountCtes,
  labelsByOwner,
  type UserRow,
  uniqueIds as uniq,
  usersByOwner,
} from '../issuables';
import { milestoneRowsByIds } from '../milestones';
import { fullPathsOfNamespaces, fullPathsQuery } from '../namespaces';
import { userRowsByIds } from '../users';
import type { MergeRequestRow } from './mr-query';

export type MergeRequestCounts = IssuableCounts;

/** Everything a page of merge requests needs besides its rows, loaded in a fixed number of queries. */
export interface MergeRequestDetails extends IssuableDetails<MergeRequestCounts> {
  reviewers: Map<number, UserRow[]>;
  /** namespace id → full path (project namespaces and milestone groups). */
  namespacePaths: Map<number, string>;
}

const groupBy = <T extends { owner_id: number }>(rows: T[]) => groupByKey(rows, 'owner_id');

function emptyDetails(): MergeRequestDetails {
  return { ...emptyIssuableDetails(), reviewers: new Map() };
}

/** For `view=simple`: only the namespace paths (one query). */
export async function loadMergeRequestPaths(db: Database, rows: MergeRequestRow[]): Promise<MergeRequestDetails> {
  return {
    ...emptyDetails(),
    namespacePaths: await fullPathsOfNamespaces(
      db,
      rows.map((r) => r.namespace_id),
    ),
  };
}

/**
 * Batch-loads labels, assignees, reviewers, milestones, users and paths as ONE prepared statement
 * (db/combined-reads.ts), and the counts as a second, prepared only for one row (see issues/issue-details.ts).
 * `user_notes_count` counts the comments the actor may read (internal ones for Reporter and above,
 * none by a banned author unless an admin asks).
 */
export async function loadMergeRequestDetails(
  db: Database,
  actor: Actor | null,
  rows: MergeRequestRow[],
): Promise<MergeRequestDetails> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return emptyDetails();
  const read = combinedReads(db);
  const milestoneIds = uniq(rows.map((r) => r.milestone_id));
  const userIds = uniq([0, ...rows.flatMap((r) => [r.author_id, r.merge_user_id])]);
  const [labelRows, assigneeRows, reviewerRows, milestones, users, paths, countRows] = await Promise.all([
    labelsByOwner(db, 'mergeRequest', ids, read),
    usersByOwner(db, 'mergeRequestAssignees', ids, read),
    usersByOwner(db, 'mergeRequestReviewers', ids, read),
    milestoneRowsByIds(db, milestoneIds, read),
    userRowsByIds(db, userIds, read),
    read<{ id: number; full_path: string }>(
      fullPathsQuery(db, [
        sql`SELECT unnest(${uniq(rows.map((r) => r.namespace_id))}::int[])`,
        sql`SELECT group_id FROM milestones WHERE id = ANY(${milestoneIds}::int[])`,
      ]),
    ),
    sql<MergeRequestCounts & { id: number }>`${preparedWhenOne(ids)}
      WITH ${issuableCountCtes(actor, 'MergeRequest', ids)}
      SELECT ${issuableCountColumns} FROM page LEFT JOIN note_counts USING (id) LEFT JOIN vote_counts USING (id)`
      .execute(db)
      .then((r) => r.rows),
  ]);
  return {
    labels: groupBy(labelRows),
    assignees: groupBy(assigneeRows),
    reviewers: groupBy(reviewerRows),
    users: new Map(users.map((u) => [u.id, u])),
    milestones: new Map(milestones.map((m) => [m.id, m])),
    counts: new Map(countRows.map((c) => [c.id, c])),
    namespacePaths: new Map(paths.map((p) => [p.id, p.full_path])),
  };
}
