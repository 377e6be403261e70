import type { Database } from '../../db/connection';
import type { ListPage } from '../../db/list-page';
import { forbidden } from '../../errors';
import { canProject, projectAccessLevel } from '../../policy/abilities';
import { AccessLevel, Visibility } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { groupByKey, type UserRow, usersByOwner } from '../issuables';
import {
  listMergeRequests,
  loadMergeRequestDetails,
  type MergeRequestDetails,
  type MergeRequestFilters,
  type MergeRequestRow,
  reviewStartsByIds,
} from '../merge-requests';
import { type ProjectRow, projectSubject } from '../namespaces';

/** What a code review row shows besides the merge request list's details. */
export interface CodeReviewDetails extends MergeRequestDetails {
  reviewStarts: Map<number, Date>;
  approvers: Map<number, UserRow[]>;
}

/**
 * GitLab's `read_code_review_analytics`: whoever may read the project's merge requests, except
 * Guests and Planners of a private project (GitLab hides a private project's merge requests from
 * them); admins always.
 */
function mayReadCodeReview(actor: Actor | null, project: ProjectRow): boolean {
  if (!project.merge_requests_enabled) return false;
  if (actor?.admin) return true;
  const subject = projectSubject(project);
  if (!canProject(actor, 'read_project', subject)) return false;
  return project.visibility_level >= Visibility.INTERNAL || projectAccessLevel(actor, subject) >= AccessLevel.REPORTER;
}

async function loadCodeReviewDetails(
  db: Database,
  actor: Actor | null,
  rows: MergeRequestRow[],
): Promise<CodeReviewDetails> {
  const ids = rows.map((r) => r.id);
  const [details, reviewStarts, approvers] = await Promise.all([
    loadMergeRequestDetails(db, actor, rows),
    reviewStartsByIds(db, ids),
    ids.length ? usersByOwner(db, 'mergeRequestApprovers', ids) : Promise.resolve([]),
  ]);
  return { ...details, reviewStarts, approvers: groupByKey(approvers, 'owner_id') };
}

/**
 * IE-73: the project's open merge requests the caller may read, longest in review first, with what
 * the code review page shows of each. 403 for a caller who sees the project but not its code review
 * analytics (the caller resolved the project, 404 when unseen).
 */
export async function listCodeReview(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  filters: MergeRequestFilters,
  page: ListPage,
) {
  if (!mayReadCodeReview(actor, project)) throw forbidden();
  return listMergeRequests(db, actor, { projectId: project.id }, filters, page, (rows) =>
    loadCodeReviewDetails(db, actor, rows),
  );
}
