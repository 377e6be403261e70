import { parseTaskItems } from '@meridian/domain';
import type { AppContext } from '../../context';
import { todayIso } from '../../lib/today';
import { webUrl } from '../namespaces';
import type { MilestoneRow } from './issuable-details';

type Ctx = Pick<AppContext, 'config'>;

/** A timestamp as GitLab writes it (ISO 8601 in UTC), or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How an issue or merge request is presented. */
export interface PresentIssuableOptions {
  /** `with_labels_details=true`: label objects instead of titles. */
  withLabelsDetails?: boolean;
  /** Full path of the project or group the list was requested from (for `references.relative`). */
  contextPath?: string | null;
  /** Single-object responses: add `description_html`, the sanitized rendering stored on write (beyond GitLab's REST shape). */
  withDescriptionHtml?: boolean;
}

/** The columns the fields every issue and merge request opens with come from. */
interface IssuableHeadRow {
  iid: number;
  project_id: number;
  title: string;
  description: string;
  /** NULL: an import's, not rendered yet (the single-object routes answer `readableHtmlOf` in its place). */
  description_html: string | null;
  state: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * The fields every issue and merge request opens with after `id`, in GitLab's order (`iid` to
 * `updated_at`). Presenters write `{ id: row.id, ...issuableHeadAfterId(row, opts), …}`: an object
 * literal that OPENS with a spread and goes on with many properties is built by V8 on a slow path,
 * ~10× dearer per row (docs/BENCHMARKS.md, "Presenting a list page"); a spread after the first
 * property is not.
 */
export function issuableHeadAfterId(row: IssuableHeadRow, opts: PresentIssuableOptions) {
  return {
    iid: row.iid,
    project_id: row.project_id,
    title: row.title,
    description: row.description,
    ...(opts.withDescriptionHtml ? { description_html: row.description_html } : {}),
    state: row.state,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** `group/sub/project` of an issue or merge request row, from its page's namespace paths. */
export function projectFullPath(
  row: { namespace_id: number; project_path: string },
  details: { namespacePaths: Map<number, string> },
): string {
  return `${details.namespacePaths.get(row.namespace_id) ?? ''}/${row.project_path}`;
}

/**
 * GitLab's task_completion_status: the description's task list items, found as the page finds them
 * (none in code blocks), so the header's count matches the checkboxes shown.
 */
export function taskCompletionStatus(description: string): { count: number; completed_count: number } {
  const tasks = parseTaskItems(description);
  return { count: tasks.length, completed_count: tasks.filter((task) => task.checked).length };
}

/** The `milestone` object of an issue or merge request. */
export function presentMilestone(ctx: Ctx, m: MilestoneRow, projectPath: string, paths: Map<number, string>) {
  const groupPath = m.group_id ? paths.get(m.group_id) : undefined;
  const url = m.project_id
    ? webUrl(ctx, `${projectPath}/-/milestones/${m.iid}`)
    : webUrl(ctx, `groups/${groupPath ?? ''}/-/milestones/${m.iid}`);
  const today = todayIso();
  return {
    id: m.id,
    iid: m.iid,
    ...(m.project_id ? { project_id: m.project_id } : { group_id: m.group_id }),
    title: m.title,
    description: m.description,
    state: m.state,
    created_at: iso(m.created_at),
    updated_at: iso(m.updated_at),
    due_date: m.due_date,
    start_date: m.start_date,
    expired: m.due_date !== null && m.due_date < today,
    web_url: url,
  };
}
