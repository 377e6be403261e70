import { labelIdsAsTitles } from '@meridian/domain';
import { expect } from 'vitest';
import type { ApiClient } from './api-client';

/** Every page of a list (GitLab's `x-next-page`). */
export async function allPages<T>(api: ApiClient, who: string, url: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const res = await api('GET', `${url}${url.includes('?') ? '&' : '?'}per_page=100&page=${page}`, who);
    expect(res.statusCode, url).toBe(200);
    rows.push(...(res.json() as T[]));
    if (!res.headers['x-next-page']) return rows;
  }
}

/** A path below the top group, the same in the original and the copy. */
const relative = (path: string, top: string) => (path === top ? '' : path.slice(top.length + 1));

interface Named {
  id: number;
  full_path?: string;
  path_with_namespace?: string;
}
type ApiUser = { username: string };
type ApiIssue = Record<string, unknown> & {
  project_id: number;
  iid: number;
  author: ApiUser;
  closed_by: ApiUser | null;
  assignees: ApiUser[];
  labels: string[];
  milestone: { title: string; iid: number } | null;
  epic_iid: number | null;
  time_stats: { time_estimate: number; total_time_spent: number };
};
type ApiEpic = Record<string, unknown> & { group_id: number; iid: number; author: ApiUser; labels: string[] };

/** The group's plan as the API shows it, keyed and stripped of what differs between two copies (ids, the top path). */
/**
 * A group's plan as the API shows it — subgroups, projects, every issue and epic field by field,
 * keyed by paths below the top group and stripped of what differs between two copies (ids, the top
 * path) — so an imported copy can be compared with its original, on one instance or two.
 */
export async function groupPlan(api: ApiClient, who: string, top: string) {
  const pages = <T>(url: string) => allPages<T>(api, who, url);
  const groups = await pages<Named & { name: string; description: string }>(`/groups/${top}/descendant_groups`);
  const topGroup = (await api('GET', `/groups/${top}`, who)).json() as Named & { description: string };
  const groupPath = new Map([
    [topGroup.id, ''],
    ...groups.map((g) => [g.id, relative(g.full_path ?? '', top)] as const),
  ]);
  const projects = await pages<Named & { name: string }>(`/groups/${top}/projects?include_subgroups=true`);
  const projectPath = new Map(projects.map((p) => [p.id, relative(p.path_with_namespace ?? '', top)]));
  const issues = await pages<ApiIssue>(`/groups/${top}/issues?scope=all&state=all`);
  const epics = await pages<ApiEpic>(`/groups/${top}/epics?include_descendant_groups=true`);
  const issueKey = (i: ApiIssue) => `${projectPath.get(i.project_id)}#${i.iid}`;
  return {
    description: topGroup.description,
    groups: groups.map((g) => [relative(g.full_path ?? '', top), g.name, g.description]).sort(),
    projects: projects.map((p) => [projectPath.get(p.id), p.name]).sort(),
    issues: new Map(
      issues.map((i) => [
        issueKey(i),
        {
          title: i.title,
          description: i.description,
          state: i.state,
          issue_type: i.issue_type,
          confidential: i.confidential,
          discussion_locked: i.discussion_locked ?? false,
          weight: i.weight,
          due_date: i.due_date,
          author: i.author.username,
          closed_by: i.closed_by?.username ?? null,
          assignees: i.assignees.map((u) => u.username).sort(),
          labels: [...i.labels].sort(),
          milestone: i.milestone ? [i.milestone.iid, i.milestone.title] : null,
          epic_iid: i.epic_iid,
          time_estimate: i.time_stats.time_estimate,
          total_time_spent: i.time_stats.total_time_spent,
          upvotes: i.upvotes,
          downvotes: i.downvotes,
          user_notes_count: i.user_notes_count,
          created_at: i.created_at,
          updated_at: i.updated_at,
          closed_at: i.closed_at,
        },
      ]),
    ),
    epics: new Map(
      epics.map((e) => [
        `${groupPath.get(e.group_id)}&${e.iid}`,
        {
          title: e.title,
          description: e.description,
          state: e.state,
          confidential: e.confidential,
          color: e.color,
          author: e.author.username,
          labels: [...e.labels].sort(),
          start_date_is_fixed: e.start_date_is_fixed,
          start_date_fixed: e.start_date_fixed,
          due_date_is_fixed: e.due_date_is_fixed,
          due_date_fixed: e.due_date_fixed,
          start_date: e.start_date,
          end_date: e.end_date,
          parent_iid: e.parent_iid,
          created_at: e.created_at,
          updated_at: e.updated_at,
          closed_at: e.closed_at,
        },
      ]),
    ),
    busiest: [...issues].sort((a, b) => Number(b.user_notes_count) - Number(a.user_notes_count)).slice(0, 5),
    projectPath,
  };
}

/**
 * The project's labels (its own and its groups') by id: system notes name labels by id, which differ
 * between two copies of a plan, so notes are compared with the labels named by title
 * (`labelIdsAsTitles`, as a group export writes them).
 */
export async function labelTitlesById(
  api: ApiClient,
  who: string,
  projectId: number | string,
): Promise<Map<number, string>> {
  const labels = await allPages<{ id: number; name: string }>(
    api,
    who,
    `/projects/${projectId}/labels?include_ancestor_groups=true`,
  );
  return new Map(labels.map((label) => [label.id, label.name]));
}

/** An issue's notes and links, keyed by what is the same in both copies. */
export async function issueHistory(api: ApiClient, who: string, projectId: number, iid: number) {
  const labelTitles = await labelTitlesById(api, who, projectId);
  const notes = await allPages<{
    body: string;
    system: boolean;
    author: ApiUser;
    created_at: string;
    internal: boolean;
  }>(api, who, `/projects/${projectId}/issues/${iid}/notes?sort=asc&order_by=created_at`);
  const links = (await api('GET', `/projects/${projectId}/issues/${iid}/links`, who)).json() as Array<{
    iid: number;
    link_type: string;
    references: { full: string };
  }>;
  return {
    notes: notes.map((n) => [
      n.system ? labelIdsAsTitles(n.body, (id) => labelTitles.get(id)) : n.body,
      n.system,
      n.author.username,
      n.created_at,
      n.internal,
    ]),
    links: links.map((l) => [l.iid, l.link_type]).sort(),
  };
}
