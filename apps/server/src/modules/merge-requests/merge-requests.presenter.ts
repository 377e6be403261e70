import { buildReferences } from '@meridian/domain';
import type { AppContext } from '../../context';
import {
  iso,
  issuableHeadAfterId,
  type PresentIssuableOptions,
  presentMilestone,
  projectFullPath,
  taskCompletionStatus,
} from '../issuables';
import { presentLabelSummary } from '../labels';
import { webUrl } from '../namespaces';
import { presentUserBasic } from '../users';
import type { MergeRequestDetails } from './mr-details';
import type { MergeRequestRow } from './mr-query';

type Ctx = Pick<AppContext, 'config'>;

/** GitLab's detailed_merge_status, from what Meridian stores (no repository, so no CI or conflicts). */
function detailedMergeStatus(row: MergeRequestRow): string {
  if (row.state !== 'opened') return 'not_open';
  if (row.draft) return 'draft_status';
  return 'mergeable';
}

/** `view=simple`: GitLab's MergeRequestSimple. */
export function presentMergeRequestSimple(
  ctx: Ctx,
  row: MergeRequestRow,
  details: MergeRequestDetails,
  opts: PresentIssuableOptions = {},
) {
  const path = projectFullPath(row, details);
  return {
    id: row.id,
    ...issuableHeadAfterId(row, {}),
    web_url: webUrl(ctx, `${path}/-/merge_requests/${row.iid}`),
    references: buildReferences('!', path, row.iid, opts.contextPath ?? null),
  };
}

/** One merge request in GitLab's REST v4 shape. */
export function presentMergeRequest(
  ctx: Ctx,
  row: MergeRequestRow,
  details: MergeRequestDetails,
  opts: PresentIssuableOptions = {},
) {
  const path = projectFullPath(row, details);
  const labels = details.labels.get(row.id) ?? [];
  const assignees = (details.assignees.get(row.id) ?? []).map((u) => presentUserBasic(ctx, u));
  const reviewers = (details.reviewers.get(row.id) ?? []).map((u) => presentUserBasic(ctx, u));
  const author = row.author_id ? details.users.get(row.author_id) : undefined;
  const mergeUserRow = row.merge_user_id ? details.users.get(row.merge_user_id) : undefined;
  const mergeUser = mergeUserRow ? presentUserBasic(ctx, mergeUserRow) : null;
  const milestone = row.milestone_id ? details.milestones.get(row.milestone_id) : undefined;
  const counts = details.counts.get(row.id);
  const status = detailedMergeStatus(row);
  return {
    id: row.id,
    ...issuableHeadAfterId(row, opts),
    merged_by: row.state === 'merged' ? mergeUser : null,
    merge_user: row.state === 'merged' ? mergeUser : null,
    merged_at: iso(row.merged_at),
    closed_by: null,
    closed_at: iso(row.closed_at),
    target_branch: row.target_branch,
    source_branch: row.source_branch,
    user_notes_count: counts?.user_notes_count ?? 0,
    upvotes: counts?.upvotes ?? 0,
    downvotes: counts?.downvotes ?? 0,
    author: author ? presentUserBasic(ctx, author) : null,
    assignees,
    assignee: assignees[0] ?? null,
    reviewers,
    source_project_id: row.project_id,
    target_project_id: row.project_id,
    labels: opts.withLabelsDetails ? labels.map(presentLabelSummary) : labels.map((l) => l.title),
    draft: row.draft,
    work_in_progress: row.draft,
    milestone: milestone ? presentMilestone(ctx, milestone, path, details.namespacePaths) : null,
    merge_when_pipeline_succeeds: false,
    merge_status: row.state === 'opened' && row.draft ? 'cannot_be_merged' : 'can_be_merged',
    detailed_merge_status: status,
    sha: null,
    merge_commit_sha: null,
    squash_commit_sha: null,
    discussion_locked: row.discussion_locked,
    should_remove_source_branch: null,
    force_remove_source_branch: false,
    prepared_at: iso(row.created_at),
    reference: `!${row.iid}`,
    references: buildReferences('!', path, row.iid, opts.contextPath ?? null),
    web_url: webUrl(ctx, `${path}/-/merge_requests/${row.iid}`),
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    squash: false,
    squash_on_merge: false,
    task_completion_status: taskCompletionStatus(row.description),
    has_conflicts: false,
    blocking_discussions_resolved: true,
    imported: false,
    imported_from: 'none',
  };
}
