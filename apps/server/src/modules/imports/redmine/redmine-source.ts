import { type RedmineWorkItemType, selfWorkItemType, suggestedWorkItemType, workItemTypeUnder } from '@meridian/domain';
import type { Database } from '../../../db/connection';
import { handledSourceIds, type ImportJobRow } from '../import-jobs';
import type { ImportSource, SourceItem } from '../importer';
import { REDMINE_PAGE, type RedmineClient, redmineClient } from './redmine-client';
import type {
  RedmineCategory,
  RedmineChild,
  RedmineIssue,
  RedmineJobOptions,
  RedmineNamed,
  RedmineProject,
  RedmineTimeEntry,
  RedmineUser,
  RedmineVersion,
} from './redmine-types';

/** One thing read from Redmine, as an import item's data. */
export type RedmineItem =
  | { kind: 'users'; user: RedmineUser }
  /** A project with subprojects is a group too (holding its own project and theirs). */
  | { kind: 'groups'; project: RedmineProject }
  | { kind: 'projects'; project: RedmineProject; ownGroup: boolean }
  | { kind: 'labels'; key: string; title: string; color: string; description: string; projectId: number | null }
  | { kind: 'milestones'; version: RedmineVersion; shared: boolean }
  | {
      kind: 'issues';
      issue: RedmineIssue;
      type: RedmineWorkItemType;
      /** Its parent's own type (the parent may come before or after it). */
      parentType: RedmineWorkItemType | null;
      /** Its direct children's types, by Redmine id. */
      childTypes: Record<string, RedmineWorkItemType>;
    }
  /** An issue the job already handled: the runner passes over it, so it is not read again. */
  | { kind: 'handled' }
  | { kind: 'time_entries'; entry: RedmineTimeEntry }
  /** Last, once every issue is in: the `#123` in the texts of these imported issues pointed at where 123 went. */
  | { kind: 'references'; issueIds: number[] };

/** What the mapper reads about the source besides the items (statuses, versions, projects). */
export interface RedmineSourceContext {
  url: string;
  statusClosed: Map<number, boolean>;
  versionTitles: Map<number, string>;
  /** Issue descriptions and journal notes are Textile, to be made Markdown. */
  textile: boolean;
}

/** Issue details read at once; Redmine answers each in ~20 ms, so a few in flight keep it busy. */
const DETAIL_CONCURRENCY = 4;
/** Parents' subtrees kept between pages (their children are usually close by in id order). */
const TREE_CACHE = 256;
/** Imported issues whose texts one `references` item rewrites. */
const REFERENCES_CHUNK = 100;

const COLORS = {
  open: '#1f75cb',
  closed: '#737278',
  tracker: '#6699cc',
  category: '#2da160',
  priorities: ['#8fbc8f', '#428bca', '#ed9121', '#dc143c', '#8b0000'],
};

export const labelKeys = {
  status: (id: number) => `status:${id}`,
  priority: (id: number) => `priority:${id}`,
  tracker: (id: number) => `tracker:${id}`,
  category: (id: number) => `category:${id}`,
};

/** The chosen projects and every project below them, parents first. */
export function projectsInScope(all: RedmineProject[], identifiers: string[]): RedmineProject[] {
  const byId = new Map(all.map((p) => [p.id, p]));
  const chosen = new Set(all.filter((p) => identifiers.includes(p.identifier)).map((p) => p.id));
  const depth = (p: RedmineProject): number =>
    p.parent && byId.has(p.parent.id) ? 1 + depth(byId.get(p.parent.id) as RedmineProject) : 0;
  const inScope = (p: RedmineProject): boolean =>
    chosen.has(p.id) ||
    (p.parent !== undefined && byId.has(p.parent.id) && inScope(byId.get(p.parent.id) as RedmineProject));
  return all.filter(inScope).sort((a, b) => depth(a) - depth(b) || a.id - b.id);
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const at = next++;
      out[at] = await fn(items[at] as T);
    }
  });
  await Promise.all(lanes);
  return out;
}

/** A tracker's type by the job's mapping, else the suggestion for its name. */
function typeOfTracker(options: RedmineJobOptions, trackers: RedmineNamed[]) {
  const names = new Map(trackers.map((t) => [t.id, t.name]));
  return (trackerId: number): RedmineWorkItemType =>
    options.trackers[String(trackerId)] ?? suggestedWorkItemType(names.get(trackerId) ?? '');
}

/**
 * A Redmine as an import source, read page by page (never whole: a 100,000-issue Redmine is read
 * 100 issues at a time): its people (an administrator's key lists them all; another key's import makes
 * the people it meets), the chosen projects and their subprojects, the labels its statuses,
 * priorities, trackers and categories become, its versions, the issues of each project with their
 * journals, watchers, relations and subtree, and the time logged on them. Issues the job already
 * handled are passed over without reading their details again (a resumed run).
 */
export async function openRedmineSource(
  job: ImportJobRow,
  deps: { db: Database; client?: RedmineClient },
): Promise<ImportSource<RedmineItem> & { context: RedmineSourceContext }> {
  if (!job.source_url || !job.source_token || !job.source_options) {
    throw new Error('The import has no Redmine URL, API key or projects.');
  }
  const options = job.source_options as RedmineJobOptions;
  const client = deps.client ?? redmineClient(deps.db, job.source_url, job.source_token);
  const [allProjects, trackers, statuses, priorities, me] = await Promise.all([
    client.all<RedmineProject>('/projects.json', 'projects'),
    client.trackers(),
    client.statuses(),
    client.priorities(),
    client.currentUser(),
  ]);
  const projects = projectsInScope(allProjects, options.projects);
  const missing = options.projects.filter((identifier) => !projects.some((p) => p.identifier === identifier));
  if (missing.length > 0) throw new Error(`Redmine has no project ${missing.join(', ')} (or the key may not read it).`);
  const ids = new Set(projects.map((p) => p.id));
  const parents = new Set(projects.flatMap((p) => (p.parent && ids.has(p.parent.id) ? [p.parent.id] : [])));
  const versions = new Map<number, RedmineVersion>();
  const categories: RedmineCategory[] = [];
  for (const project of projects) {
    for (const version of await client.all<RedmineVersion>(`/projects/${project.id}/versions.json`, 'versions')) {
      if (ids.has(version.project.id)) versions.set(version.id, version);
    }
    categories.push(
      ...(await client.all<RedmineCategory>(`/projects/${project.id}/issue_categories.json`, 'issue_categories')),
    );
  }
  const typeOf = typeOfTracker(options, trackers);
  const labels: Array<Extract<RedmineItem, { kind: 'labels' }>> = [
    ...statuses.map((s) => ({
      kind: 'labels' as const,
      key: labelKeys.status(s.id),
      title: `Status::${s.name}`,
      color: s.is_closed ? COLORS.closed : COLORS.open,
      description: `Redmine status${s.is_closed ? ' (closed)' : ''}`,
      projectId: null,
    })),
    ...priorities.map((p, i) => ({
      kind: 'labels' as const,
      key: labelKeys.priority(p.id),
      title: `Priority::${p.name}`,
      color: COLORS.priorities[Math.min(i, COLORS.priorities.length - 1)] as string,
      description: 'Redmine priority',
      projectId: null,
    })),
    ...trackers.map((t) => ({
      kind: 'labels' as const,
      key: labelKeys.tracker(t.id),
      title: `Tracker::${t.name}`,
      color: COLORS.tracker,
      description: 'Redmine tracker',
      projectId: null,
    })),
    ...categories.map((c) => ({
      kind: 'labels' as const,
      key: labelKeys.category(c.id),
      title: `Category::${c.name}`,
      color: COLORS.category,
      description: 'Redmine category',
      projectId: c.project.id,
    })),
  ];
  const issuesPath = (projectId: number) => `/issues.json?project_id=${projectId}&subproject_id=!*&status_id=*&sort=id`;
  const entriesPath = (projectId: number) => `/time_entries.json?project_id=${projectId}&subproject_id=!*`;
  const counts = async (path: (id: number) => string, key: string) => {
    let sum = 0;
    for (const project of projects) sum += (await client.page(path(project.id), key, 0, 1))?.total ?? 0;
    return sum;
  };
  const usersPath = '/users.json?status=';
  const userCount = me.user.admin
    ? ((await client.page(usersPath, 'users', 0, 1, { allowForbidden: true }))?.total ?? 0)
    : 0;
  const issueCount = await counts(issuesPath, 'issues');
  const totals = {
    users: userCount,
    groups: parents.size,
    projects: projects.length,
    labels: labels.length,
    milestones: versions.size,
    issues: issueCount,
    time_entries: await counts(entriesPath, 'time_entries'),
    references: Math.ceil(issueCount / REFERENCES_CHUNK),
  };

  const trees = new Map<number, RedmineIssue | RedmineChild>();
  const treeOf = async (id: number, known: Map<number, RedmineIssue>) => {
    const found = known.get(id) ?? trees.get(id);
    if (found) return found;
    const tree = await client.issueTree(id);
    trees.set(id, tree);
    if (trees.size > TREE_CACHE) trees.delete(trees.keys().next().value as number);
    return tree;
  };
  /** A page of issues with their details, their types and their neighbours' types. */
  const issueItems = async (page: RedmineIssue[]): Promise<SourceItem<RedmineItem>[]> => {
    const handled = await handledSourceIds(
      deps.db,
      job.id,
      'issues',
      page.map((i) => String(i.id)),
    );
    const pending = page.filter((i) => !handled.has(String(i.id)));
    const details = await mapLimited(pending, DETAIL_CONCURRENCY, (i) => client.issue(i.id));
    const known = new Map(details.map((d) => [d.id, d]));
    const parentTypes = new Map<number, RedmineWorkItemType>();
    for (const detail of details) {
      if (detail.parent && !parentTypes.has(detail.parent.id)) {
        parentTypes.set(detail.parent.id, selfWorkItemType(await treeOf(detail.parent.id, known), typeOf));
      }
    }
    return page.map((summary) => {
      const sourceId = String(summary.id);
      const detail = known.get(summary.id);
      if (!detail) return { kind: 'issues', sourceId, data: { kind: 'handled' } };
      const parentType = detail.parent ? (parentTypes.get(detail.parent.id) ?? null) : null;
      const type = workItemTypeUnder(detail, typeOf, parentType);
      const own = selfWorkItemType(detail, typeOf);
      const childTypes = Object.fromEntries(
        (detail.children ?? []).map((child) => [String(child.id), workItemTypeUnder(child, typeOf, own)]),
      );
      return { kind: 'issues', sourceId, data: { kind: 'issues', issue: detail, type, parentType, childTypes } };
    });
  };

  return {
    context: {
      url: client.url,
      statusClosed: new Map(statuses.map((s) => [s.id, s.is_closed])),
      versionTitles: new Map([...versions.values()].map((v) => [v.id, v.name])),
      textile: (options.text_formatting ?? 'textile') === 'textile',
    },
    totals: () => totals,
    async *batches(size) {
      let batch: SourceItem<RedmineItem>[] = [];
      const add = function* (item: SourceItem<RedmineItem>) {
        if (batch.length > 0 && (batch[0]?.kind !== item.kind || batch.length >= size)) {
          yield batch;
          batch = [];
        }
        batch.push(item);
      };
      /** Every item of a paged list, a page at a time. */
      const paged = async function* <T>(path: string, key: string) {
        for (let offset = 0; ; offset += REDMINE_PAGE) {
          const got = await client.page<T>(path, key, offset, REDMINE_PAGE, { allowForbidden: true });
          if (!got) return;
          yield got.items;
          if (got.items.length < REDMINE_PAGE) return;
        }
      };
      if (me.user.admin) {
        for await (const users of paged<RedmineUser>(usersPath, 'users')) {
          for (const user of users)
            yield* add({ kind: 'users', sourceId: String(user.id), data: { kind: 'users', user } });
        }
      }
      for (const project of projects) {
        if (parents.has(project.id))
          yield* add({ kind: 'groups', sourceId: String(project.id), data: { kind: 'groups', project } });
      }
      for (const project of projects) {
        const data = { kind: 'projects' as const, project, ownGroup: parents.has(project.id) };
        yield* add({ kind: 'projects', sourceId: String(project.id), data });
      }
      for (const label of labels) yield* add({ kind: 'labels', sourceId: label.key, data: label });
      for (const version of versions.values()) {
        const data = { kind: 'milestones' as const, version, shared: version.sharing !== 'none' };
        yield* add({ kind: 'milestones', sourceId: String(version.id), data });
      }
      const listedIssueIds: number[] = [];
      for (const project of projects) {
        for await (const page of paged<RedmineIssue>(issuesPath(project.id), 'issues')) {
          const own = page.filter((i) => i.project.id === project.id);
          listedIssueIds.push(...own.map((i) => i.id));
          for (const item of await issueItems(own)) yield* add(item);
        }
      }
      for (const project of projects) {
        for await (const page of paged<RedmineTimeEntry>(entriesPath(project.id), 'time_entries')) {
          for (const entry of page) {
            if (entry.project.id !== project.id) continue;
            yield* add({ kind: 'time_entries', sourceId: String(entry.id), data: { kind: 'time_entries', entry } });
          }
        }
      }
      // The issues' ids as listed (a resumed run lists the same), REFERENCES_CHUNK to an item.
      for (let at = 0; at < listedIssueIds.length; at += REFERENCES_CHUNK) {
        const issueIds = listedIssueIds.slice(at, at + REFERENCES_CHUNK);
        const sourceId = `${issueIds[0]}-${issueIds.at(-1)}`;
        yield* add({ kind: 'references', sourceId, data: { kind: 'references', issueIds } });
      }
      if (batch.length > 0) yield batch;
    },
  };
}
