import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { issuableCountColumns, issuableCountCtes } from '../issuables/issuable-counts-sql';
import {
  emptyIssuableDetails,
  groupByKey,
  type IssuableCounts,
  type IssuableDetails,
  type UserRow,
  uniqueIds as uniq,
} from '../issuables/issuable-details';
import { labelsByOwner, usersByOwner } from '../issuables/owner-links';
import { fullPathsOfNamespaces } from '../namespaces/namespace-lookup.service';
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
 * Batch-loads labels, assignees, reviewers, milestones, counts, users and paths: at most 7 queries.
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
  const [labelRows, assigneeRows, reviewerRows, milestones, countRows] = await Promise.all([
    labelsByOwner(db, 'mergeRequest', ids),
    usersByOwner(db, 'mergeRequestAssignees', ids),
    usersByOwner(db, 'mergeRequestReviewers', ids),
    db
      .selectFrom('milestones')
      .selectAll()
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('merge_requests')
          .select('milestone_id')
          .where('id', 'in', ids)
          .where('milestone_id', 'is not', null),
      )
      .execute(),
    sql<MergeRequestCounts & { id: number }>`
      WITH ${issuableCountCtes(actor, 'MergeRequest', ids)}
      SELECT ${issuableCountColumns} FROM page LEFT JOIN note_counts USING (id) LEFT JOIN vote_counts USING (id)`
      .execute(db)
      .then((r) => r.rows),
  ]);
  const userIds = uniq([0, ...rows.flatMap((r) => [r.author_id, r.merge_user_id])]);
  const namespaceIds = uniq([...rows.map((r) => r.namespace_id), ...milestones.map((m) => m.group_id)]);
  const [users, namespacePaths] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', userIds).execute(),
    fullPathsOfNamespaces(db, namespaceIds),
  ]);
  return {
    labels: groupBy(labelRows),
    assignees: groupBy(assigneeRows),
    reviewers: groupBy(reviewerRows),
    users: new Map(users.map((u) => [u.id, u])),
    milestones: new Map(milestones.map((m) => [m.id, m])),
    counts: new Map(countRows.map((c) => [c.id, c])),
    namespacePaths,
  };
}
