import type { AppContext } from '../../context';
import { todayIso } from '../../lib/today';
import { webUrl } from '../namespaces';
import type { MilestoneContainer, MilestoneRow } from './milestones.service';

/**
 * GitLab's Milestone entity. `web_url` needs the full path of the milestone's own container:
 * `containerPath` maps project ids and group ids to it (inherited milestones live elsewhere).
 */
export function presentMilestone(
  ctx: Pick<AppContext, 'config'>,
  m: MilestoneRow,
  paths: { projects: Map<number, string>; groups: Map<number, string> },
) {
  const path =
    m.project_id !== null
      ? `${paths.projects.get(m.project_id) ?? ''}/-/milestones/${m.iid}`
      : `groups/${paths.groups.get(m.group_id ?? 0) ?? ''}/-/milestones/${m.iid}`;
  return {
    id: m.id,
    iid: m.iid,
    ...(m.project_id !== null ? { project_id: m.project_id } : { group_id: m.group_id }),
    title: m.title,
    description: m.description || null,
    state: m.state,
    created_at: m.created_at.toISOString(),
    updated_at: m.updated_at.toISOString(),
    due_date: m.due_date,
    start_date: m.start_date,
    expired: m.due_date !== null && m.due_date < todayIso(),
    web_url: webUrl(ctx, path),
  };
}

/** The container of a list seeds the path maps; other containers are looked up by the caller. */
export function seedPaths(container: MilestoneContainer) {
  const projects = new Map<number, string>();
  const groups = new Map<number, string>();
  if (container.kind === 'project') projects.set(container.project.id, container.project.full_path);
  else groups.set(container.group.id, container.group.full_path);
  return { projects, groups };
}
