import type { AppContext } from '../../context';
import { issuableHeadAfterId, presentMilestone, projectFullPath } from '../issuables';
import type { MergeRequestRow } from '../merge-requests';
import { webUrl } from '../namespaces';
import { presentUserBasic } from '../users';
import type { CodeReviewDetails } from './code-review.service';

type Ctx = Pick<AppContext, 'config'>;

const HOUR_MS = 3_600_000;

/**
 * Whole hours from the review's start to its end (merged, or still going at `now`), as GitLab's
 * `review_time`; null while nobody but the author has commented or approved.
 */
function reviewTimeHours(row: MergeRequestRow, start: Date | undefined, now: Date): number | null {
  if (!start) return null;
  const end = row.merged_at ?? now;
  return Math.max(0, Math.floor((end.getTime() - start.getTime()) / HOUR_MS));
}

/**
 * One row of GitLab's code review analytics (`EE::API::Entities::Analytics::CodeReview::MergeRequest`):
 * MergeRequestSimple with milestone, author, approvers, comment count, review time and diff stats.
 * Meridian's merge requests have no repository, so their diff stats are all 0.
 */
export function presentCodeReviewMergeRequest(ctx: Ctx, row: MergeRequestRow, details: CodeReviewDetails, now: Date) {
  const path = projectFullPath(row, details);
  const milestone = row.milestone_id ? details.milestones.get(row.milestone_id) : undefined;
  const author = row.author_id ? details.users.get(row.author_id) : undefined;
  return {
    id: row.id,
    ...issuableHeadAfterId(row, {}),
    web_url: webUrl(ctx, `${path}/-/merge_requests/${row.iid}`),
    milestone: milestone ? presentMilestone(ctx, milestone, path, details.namespacePaths) : null,
    author: author ? presentUserBasic(ctx, author) : null,
    approved_by: (details.approvers.get(row.id) ?? []).map((u) => presentUserBasic(ctx, u)),
    notes_count: details.counts.get(row.id)?.user_notes_count ?? 0,
    review_time: reviewTimeHours(row, details.reviewStarts.get(row.id), now),
    diff_stats: { additions: 0, deletions: 0, commits_count: 0, total: 0 },
  };
}
