import { buildReferences } from '@meridian/domain';
import type { AppContext } from '../../context';
import { todayIso } from '../../lib/today';
import {
  iso,
  issuableHeadAfterId,
  type PresentIssuableOptions,
  presentImported,
  presentMilestone,
  projectFullPath,
  taskCompletionStatus,
} from '../issuables';
import { presentLabelSummary } from '../labels';
import { webUrl } from '../namespaces';
import { presentTimeStats } from '../time-tracking';
import { presentUserBasic } from '../users';
import type { IssueDetails, IterationRow } from './issue-details';
import type { IssueRow } from './issues-query';

type Ctx = Pick<AppContext, 'config'>;

function presentIteration(ctx: Ctx, it: IterationRow, paths: Map<number, string>) {
  const today = todayIso();
  const state = it.start_date > today ? 1 : it.due_date < today ? 3 : 2;
  return {
    id: it.id,
    iid: it.iid,
    sequence: it.sequence,
    group_id: it.group_id,
    title: it.title,
    description: it.description,
    state,
    created_at: iso(it.created_at),
    updated_at: iso(it.updated_at),
    start_date: it.start_date,
    due_date: it.due_date,
    web_url: webUrl(ctx, `groups/${paths.get(it.group_id) ?? ''}/-/iterations/${it.id}`),
  };
}

/** One issue in GitLab's REST v4 shape. */
export function presentIssue(ctx: Ctx, row: IssueRow, details: IssueDetails, opts: PresentIssuableOptions = {}) {
  const path = projectFullPath(row, details);
  const labels = details.labels.get(row.id) ?? [];
  const assignees = (details.assignees.get(row.id) ?? []).map((u) => presentUserBasic(ctx, u));
  const author = row.author_id ? details.users.get(row.author_id) : undefined;
  const closedBy = row.closed_by_id ? details.users.get(row.closed_by_id) : undefined;
  const milestone = row.milestone_id ? details.milestones.get(row.milestone_id) : undefined;
  const iteration = row.iteration_id ? details.iterations.get(row.iteration_id) : undefined;
  const epic = details.epics.get(row.id);
  const counts = details.counts.get(row.id);
  const tasks = taskCompletionStatus(row.description);
  return {
    id: row.id,
    ...issuableHeadAfterId(row, opts),
    closed_at: iso(row.closed_at),
    closed_by: closedBy ? presentUserBasic(ctx, closedBy) : null,
    labels: opts.withLabelsDetails ? labels.map(presentLabelSummary) : labels.map((l) => l.title),
    milestone: milestone ? presentMilestone(ctx, milestone, path, details.namespacePaths) : null,
    assignees,
    assignee: assignees[0] ?? null,
    author: author ? presentUserBasic(ctx, author) : null,
    type: row.issue_type.toUpperCase(),
    issue_type: row.issue_type,
    ...(row.issue_type === 'incident' ? { severity: row.severity.toUpperCase() } : {}),
    user_notes_count: counts?.user_notes_count ?? 0,
    merge_requests_count: 0,
    upvotes: counts?.upvotes ?? 0,
    downvotes: counts?.downvotes ?? 0,
    due_date: row.due_date,
    start_date: row.start_date,
    confidential: row.confidential,
    discussion_locked: row.discussion_locked,
    hidden: row.hidden,
    ...presentImported(row),
    web_url: webUrl(ctx, `${path}/-/issues/${row.iid}`),
    references: buildReferences('#', path, row.iid, opts.contextPath ?? null),
    weight: row.weight,
    epic_iid: epic?.iid ?? null,
    epic: epic
      ? {
          id: epic.id,
          iid: epic.iid,
          title: epic.title,
          url: webUrl(ctx, `groups/${epic.group_path}/-/epics/${epic.iid}`),
          group_id: epic.group_id,
        }
      : null,
    iteration: iteration ? presentIteration(ctx, iteration, details.namespacePaths) : null,
    health_status: row.health_status,
    task_completion_status: tasks,
    has_tasks: tasks.count > 0,
    time_stats: presentTimeStats(row.time_estimate, counts?.total_time_spent ?? 0),
    blocking_issues_count: counts?.blocking_issues_count ?? 0,
    blocked_by_count: counts?.blocked_by_count ?? 0,
    relative_position: row.relative_position,
    lock_version: row.lock_version,
    moved_to_id: row.moved_to_id,
    _links: {
      self: webUrl(ctx, `api/v4/projects/${row.project_id}/issues/${row.iid}`),
      project: webUrl(ctx, `api/v4/projects/${row.project_id}`),
    },
  };
}
