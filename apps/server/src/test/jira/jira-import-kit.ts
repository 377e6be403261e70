import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject, createUser } from '../factories';
import { gql } from '../graphql-client';
import { multipartBody } from '../multipart-body';
import type { RestTestApp } from '../rest-test-app';
import { useRestTestApp } from '../rest-test-app';
import { runImportJobs } from '../run-import-jobs';

/** What the Jira import's test files share: the samples, the multipart upload, and running the queued jobs. */

export const JIRA_CSV_SAMPLE = readFileSync(join(import.meta.dirname, 'jira-issues.csv'));
export const JIRA_JSON_SAMPLE = readFileSync(join(import.meta.dirname, 'jira-search.json'));

// biome-ignore lint/suspicious/noExplicitAny: any test app's groups and projects
type AnyRestTestApp = RestTestApp<any, any>;

/** A multipart POST of `file` (and text `fields`) to `/api/v4<url>`, as `who` (a user of the app, or anonymous). */
export function jiraUpload(
  t: AnyRestTestApp,
  url: string,
  who: string | undefined,
  file: Buffer,
  filename: string,
  fields: Record<string, string> = {},
) {
  const body = multipartBody({ ...fields, file: { filename, data: file } });
  return t.app.inject({
    method: 'POST',
    url: `/api/v4${url}`,
    headers: { ...body.headers, ...(who ? { 'private-token': t.tok[who] ?? '' } : {}) },
    payload: body.payload,
  });
}

/** Runs the queued jobs as one more process would (`maxBatches`: as if killed after that many commits). */
export const runJiraJobs = (
  t: AnyRestTestApp,
  workerId: string,
  options: { maxBatches?: number; batchSize?: number } = {},
) => runImportJobs(t, workerId, { ...options, leaseSeconds: 60 });

export type JiraJson = Record<string, unknown> & { iid: number; id: number; title: string };
type Json = JiraJson;

/**
 * A Jira import test file's app: users (maint, dev, outsider), a group with five projects (fromcsv,
 * fromjson, resumed, mapped, refused), the samples' people who have accounts here, and the reads the
 * tests compare Jira with, through Meridian's API.
 */
export function useJiraImportTest(prefix: string) {
  const t = useRestTestApp({ prefix, users: ['maint', 'dev', 'outsider'] });
  const { uid, tok } = t;

  let groupId: number;
  const projects: Record<string, number> = {};

  beforeAll(async () => {
    const group = await createGroup(t.db, { path: 'jiacme' });
    groupId = group.id;
    await addGroupMember(t.db, group.id, uid.maint as number, AccessLevel.MAINTAINER);
    await addGroupMember(t.db, group.id, uid.dev as number, AccessLevel.DEVELOPER);
    for (const path of ['fromcsv', 'fromjson', 'resumed', 'mapped', 'refused']) {
      projects[path] = (await createProject(t.db, { namespaceId: group.id, path, visibility: 0 })).id;
    }
    // The people of the samples who have an account here: by username (alice, bob) or email (carol).
    await createUser(t.db, { username: 'alice', name: 'Alice Archer' });
    await createUser(t.db, { username: 'bob', name: 'Bob Baker' });
    const carol = await createUser(t.db, { username: 'carol_m', name: 'Carol Chen' });
    await t.db.updateTable('users').set({ email: 'carol@example.com' }).where('id', '=', carol.id).execute();
  });

  const upload = (
    url: string,
    who: string | undefined,
    file: Buffer,
    filename: string,
    fields?: Record<string, string>,
  ) => jiraUpload(t, url, who, file, filename, fields);
  const runJobs = (workerId: string, options?: { maxBatches?: number; batchSize?: number }) =>
    runJiraJobs(t, workerId, options);

  const get = async (url: string) => {
    const res = await t.api('GET', url, 'maint');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const issuesOf = async (projectId: number): Promise<Map<string, Json>> => {
    const list = (await get(`/projects/${projectId}/issues?per_page=100&scope=all`)) as Json[];
    return new Map(list.map((i) => [i.title, i]));
  };
  const notesOf = async (projectId: number, iid: number) => {
    const notes = (await get(`/projects/${projectId}/issues/${iid}/notes?per_page=100&sort=asc`)) as Array<{
      body: string;
      author: { username: string };
      created_at: string;
      system: boolean;
    }>;
    return notes.map((n) => ({ body: n.body, author: n.author.username, created_at: n.created_at, system: n.system }));
  };
  const linksOf = async (projectId: number, iid: number) =>
    ((await get(`/projects/${projectId}/issues/${iid}/links`)) as Array<{ title: string; link_type: string }>)
      .map((l) => `${l.link_type} ${l.title}`)
      .sort();
  const childrenOf = async (issueId: number) => {
    const res = await gql(
      t.app,
      `query($id: WorkItemID!) { workItem(id: $id) { widgets { type
        ... on WorkItemWidgetHierarchy { children(first: 20) { nodes { title workItemType { name } } } } } } }`,
      { id: `gid://gitlab/WorkItem/${issueId}` },
      tok.maint,
    );
    expect(res.body.errors).toBeUndefined();
    const widgets = (res.body.data as { workItem: { widgets: Array<Record<string, unknown>> } }).workItem.widgets;
    const hierarchy = widgets.find((w) => w.type === 'HIERARCHY') as {
      children: { nodes: Array<{ title: string; workItemType: { name: string } }> };
    };
    return hierarchy.children.nodes.map((n) => `${n.workItemType.name}: ${n.title}`).sort();
  };
  const epicsOf = async (): Promise<Map<string, Json>> => {
    const list = (await get(`/groups/${groupId}/epics?per_page=100`)) as Json[];
    return new Map(list.map((e) => [e.title, e]));
  };
  const epicIssues = async (epicIid: number) =>
    ((await get(`/groups/${groupId}/epics/${epicIid}/issues`)) as Json[]).map((i) => i.title).sort();
  const skipsOf = async (projectId: number, jobId: number) =>
    (await get(`/projects/${projectId}/import_jobs/${jobId}/skipped?per_page=100`)) as Array<Record<string, string>>;

  /** How many rows each table the import writes has (to prove a resume or a refusal created nothing more). */
  async function rowCounts() {
    const count = async (table: 'issues' | 'epics' | 'notes' | 'issue_links' | 'timelogs' | 'epic_issues' | 'users') =>
      Number((await t.db.selectFrom(table).select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return {
      issues: await count('issues'),
      epics: await count('epics'),
      notes: await count('notes'),
      issue_links: await count('issue_links'),
      timelogs: await count('timelogs'),
      epic_issues: await count('epic_issues'),
      users: await count('users'),
    };
  }
  return {
    t,
    uid,
    tok,
    projects,
    groupId: () => groupId,
    upload,
    runJobs,
    get,
    issuesOf,
    notesOf,
    linksOf,
    childrenOf,
    epicsOf,
    epicIssues,
    skipsOf,
    rowCounts,
  };
}
