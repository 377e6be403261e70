import {
  type AdfNode,
  adfToMarkdown,
  isJiraKey,
  jiraDay,
  jiraInstant,
  jiraStatusCategory,
  jiraWikiToMarkdown,
} from '@meridian/domain';
import { badRequest } from '../../../errors';
import { jsonAttachments } from './jira-attachments';
import { jsonCustomFields } from './jira-custom-fields';
import { historyOf } from './jira-json-history';
import {
  JIRA_LIMITS,
  type JiraComment,
  type JiraFile,
  type JiraIssueRecord,
  type JiraLink,
  type JiraPerson,
  type JiraVersion,
  type JiraWorklog,
} from './jira-records';

/**
 * Jira's JSON issue format, as its REST API gives it: the answer of `GET /rest/api/2/search` (or
 * `/rest/api/3/search`, `/search/jql`: `{"issues": […]}`), one issue (`GET /rest/api/2/issue/KEY`), or
 * a list of either (pages put together). Each issue is `{id, key, self, fields}`; the fields read are
 * Jira's system fields (issuetype, parent, status.statusCategory, priority, resolution, assignee,
 * reporter, creator, created, updated, resolutiondate, duedate, labels, components, fixVersions,
 * timetracking / timeoriginalestimate / timespent, worklog, comment, issuelinks) and two custom fields
 * found by their names (the answer's `names`, from `expand=names`) or Jira Cloud's default ids: Epic
 * Link (`customfield_10014`) and Sprint (`customfield_10020`). Text is wiki markup (API v2) or the
 * Atlassian Document Format (v3).
 */

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(Math.floor(v), JIRA_LIMITS.seconds) : null;
const nameOf = (v: unknown) => str(obj(v)?.name)?.trim() || null;

/** Wiki markup (API v2) or a document (API v3) as Markdown. */
function text(v: unknown, max: number): string {
  if (typeof v === 'string') return jiraWikiToMarkdown(v).slice(0, max);
  const doc = obj(v);
  return doc ? adfToMarkdown(doc as AdfNode).slice(0, max) : '';
}

function person(v: unknown): JiraPerson | null {
  const p = obj(v);
  if (!p) return null;
  const username = str(p.name)?.trim() || null;
  const email = str(p.emailAddress)?.trim() || null;
  const key = username ?? str(p.accountId) ?? str(p.key) ?? email ?? str(p.displayName);
  if (!key) return null;
  const name = str(p.displayName)?.trim() || username || email || key;
  return {
    key: key.slice(0, JIRA_LIMITS.name),
    username: username?.slice(0, JIRA_LIMITS.name) ?? null,
    email: email?.slice(0, JIRA_LIMITS.name) ?? null,
    name: name.slice(0, JIRA_LIMITS.name),
  };
}

/** Sprint values: Cloud's objects (`{id, name, state, …}`), or Server's `…Sprint@1a2b[id=1,…,name=Sprint 1,…]` strings. */
function sprintNames(v: unknown): string[] {
  return arr(v).flatMap((sprint) => {
    const named = nameOf(sprint);
    if (named) return [named];
    const s = str(sprint);
    if (!s) return [];
    const at = s.indexOf(',name=');
    if (at < 0) return [];
    const rest = s.slice(at + 6);
    const end = rest.search(/,[a-zA-Z]{1,40}=/);
    return [(end < 0 ? rest.replace(/]$/, '') : rest.slice(0, end)).trim()].filter(Boolean);
  });
}

/** The ids of the Epic Link and Sprint fields: by the answer's `names`, else Jira Cloud's defaults. */
function customFields(names: Json | null) {
  const idsNamed = (wanted: string) =>
    Object.entries(names ?? {})
      .filter(([, name]) => typeof name === 'string' && name.toLowerCase() === wanted)
      .map(([id]) => id);
  const epic = idsNamed('epic link');
  const sprint = idsNamed('sprint');
  return {
    names,
    epic: epic.length > 0 ? epic : ['customfield_10014', 'customfield_10008'],
    sprint: sprint.length > 0 ? sprint : ['customfield_10020'],
  };
}

function comments(fields: Json): JiraComment[] {
  const list = arr(obj(fields.comment)?.comments);
  return list.flatMap((c, i) => {
    const comment = obj(c);
    const body = comment ? text(comment.body, JIRA_LIMITS.note) : '';
    if (!comment || body.trim() === '') return [];
    return [
      {
        id: str(comment.id) ?? String(i + 1),
        author: person(comment.author),
        body,
        created: jiraInstant(str(comment.created)),
      },
    ];
  });
}

function worklogs(fields: Json): JiraWorklog[] {
  return arr(obj(fields.worklog)?.worklogs).flatMap((w, i) => {
    const log = obj(w);
    const seconds = num(log?.timeSpentSeconds);
    if (!log || !seconds) return [];
    return [
      {
        id: str(log.id) ?? String(i + 1),
        author: person(log.author),
        comment: text(log.comment, 10_000).replaceAll('\n', ' ').trim().slice(0, JIRA_LIMITS.worklogComment),
        started: jiraInstant(str(log.started)),
        seconds,
      },
    ];
  });
}

function links(fields: Json): JiraLink[] {
  return arr(fields.issuelinks).flatMap((l): JiraLink[] => {
    const link = obj(l);
    const type = nameOf(link?.type) ?? 'Relates';
    const outward = str(obj(link?.outwardIssue)?.key);
    const inward = str(obj(link?.inwardIssue)?.key);
    if (outward) return [{ type, direction: 'outward' as const, ref: outward }];
    if (inward) return [{ type, direction: 'inward' as const, ref: inward }];
    return [];
  });
}

function versions(v: unknown): JiraVersion[] {
  return arr(v).flatMap((version) => {
    const o = obj(version);
    const name = nameOf(o);
    if (!o || !name) return [];
    return [
      { name, released: typeof o.released === 'boolean' ? o.released : null, releaseDate: jiraDay(str(o.releaseDate)) },
    ];
  });
}

function recordOf(issue: Json, fields: Json, custom: ReturnType<typeof customFields>): JiraIssueRecord {
  const type = obj(fields.issuetype);
  const status = obj(fields.status);
  const statusName = nameOf(status) ?? 'Open';
  const category = obj(status?.statusCategory);
  const resolution = nameOf(fields.resolution);
  const tracking = obj(fields.timetracking);
  const epic = custom.epic.map((id) => str(fields[id])).find((v) => v && isJiraKey(v)) ?? null;
  const parent = obj(fields.parent);
  return {
    key: str(issue.key) ?? '',
    id: str(issue.id),
    type: {
      name: (nameOf(type) ?? 'Task').slice(0, JIRA_LIMITS.name),
      subtask: type?.subtask === true,
      hierarchyLevel: typeof type?.hierarchyLevel === 'number' ? type.hierarchyLevel : null,
    },
    summary: (str(fields.summary) ?? '').trim().slice(0, JIRA_LIMITS.title),
    description: text(fields.description, JIRA_LIMITS.description),
    status: statusName.slice(0, JIRA_LIMITS.name),
    statusCategory: jiraStatusCategory({
      name: statusName,
      category: str(category?.key) ?? str(category?.name),
      resolution,
    }),
    priority: nameOf(fields.priority),
    resolution,
    assignee: person(fields.assignee),
    reporter: person(fields.reporter),
    creator: person(fields.creator),
    created: jiraInstant(str(fields.created)),
    updated: jiraInstant(str(fields.updated)),
    resolved: jiraInstant(str(fields.resolutiondate)),
    due: jiraDay(str(fields.duedate)),
    labels: arr(fields.labels).flatMap((l) => str(l)?.trim() || []),
    components: arr(fields.components).flatMap((c) => nameOf(c) ?? []),
    fixVersions: versions(fields.fixVersions),
    sprints: custom.sprint.flatMap((id) => sprintNames(fields[id])),
    estimateSeconds: num(tracking?.originalEstimateSeconds) ?? num(fields.timeoriginalestimate),
    spentSeconds: num(tracking?.timeSpentSeconds) ?? num(fields.timespent),
    worklogs: worklogs(fields),
    parent: str(parent?.key) ?? str(parent?.id),
    epic,
    comments: comments(fields),
    links: links(fields),
    watchers: [],
    history: historyOf(issue, person),
    attachments: jsonAttachments(fields, person),
    ...jsonCustomFields(fields, custom.names, [...custom.epic, ...custom.sprint]),
  };
}

/** The issues of the file's shape, or null when it has none of Jira's shapes. */
function issuesOf(doc: unknown): { issues: unknown[]; names: Json | null } | null {
  const one = obj(doc);
  if (one && Array.isArray(one.issues)) return { issues: one.issues, names: obj(one.names) };
  if (one && typeof one.key === 'string' && obj(one.fields)) return { issues: [one], names: obj(one.names) };
  if (Array.isArray(doc)) {
    const parts = doc.map((part) => (Array.isArray(part) ? null : issuesOf(part)));
    if (parts.some((p) => p === null)) return null;
    const names = Object.assign({}, ...parts.map((p) => p?.names ?? {})) as Json;
    return { issues: parts.flatMap((p) => p?.issues ?? []), names };
  }
  return null;
}

/** The site from the issues' `self` URLs (`https://acme.atlassian.net/rest/api/2/issue/1` → `https://acme.atlassian.net`). */
function siteOf(issues: Json[]): string | null {
  for (const issue of issues) {
    const self = str(issue.self);
    const at = self?.indexOf('/rest/api/') ?? -1;
    if (!self || at < 0) continue;
    try {
      const url = new URL(self.slice(0, at));
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.href.replace(/\/$/, '');
    } catch {
      // not a URL: no site
    }
  }
  return null;
}

/**
 * A Jira JSON file read whole: 400 naming why when it is not JSON, or not one of Jira's shapes, or an
 * issue in it has no key.
 */
export function parseJiraJson(textOfFile: string): JiraFile {
  let doc: unknown;
  try {
    doc = JSON.parse(textOfFile.startsWith('\uFEFF') ? textOfFile.slice(1) : textOfFile);
  } catch (error) {
    throw badRequest(`file is not valid JSON: ${(error as Error).message.slice(0, 200)}`, 'file');
  }
  const found = issuesOf(doc);
  if (!found) {
    throw badRequest(
      'file is not Jira issue JSON: expected a search answer ({"issues": […]}), an issue ({"key", "fields"}) or a list of them',
      'file',
    );
  }
  const custom = customFields(found.names);
  const seen = new Set<string>();
  const issues = found.issues.map((value, i) => {
    const issue = obj(value);
    const fields = obj(issue?.fields);
    const key = str(issue?.key);
    if (!issue || !fields || !key || !isJiraKey(key)) {
      throw badRequest(`file is not Jira issue JSON: issue ${i + 1} has no key or no fields`, 'file');
    }
    if (seen.has(key)) throw badRequest(`file holds the issue ${key} twice`, 'file');
    seen.add(key);
    return recordOf(issue, fields, custom);
  });
  return { format: 'json', site: siteOf(found.issues.map((i) => obj(i) ?? {})), issues };
}
