import type { FastifyInstance } from 'fastify';
import { gql } from './graphql-client';

/**
 * `# Variables:` values may name demo records instead of their database ids, which a seed change
 * would shift: `"{{Issue acme/product/web-app#3}}"`, `"{{WorkItem acme/product/web-app#3}}"`,
 * `"{{Epic acme#5}}"`, `"{{EpicWorkItem acme#5}}"`, `"{{Project acme/product/web-app}}"`,
 * `"{{Group acme}}"`, `"{{User alice}}"` — each is replaced by the record's global id, looked up through our own
 * GraphQL API as the signed-in user; `"{{MilestoneNumber acme/product/web-app}}"` by the numeric id of
 * the first active milestone of the project or its groups; `"{{CommentedIssue acme/product/web-app}}"`
 * and `"{{Comment acme/product/web-app}}"` by the project's first commented issue and its newest
 * comment (read through REST, which lists notes); `"{{CommentedIssueIid acme/product/web-app}}"` by
 * that issue's iid.
 */
const PLACEHOLDER = /^\{\{(\w+) ([^}]+)\}\}$/;

type Lookup = (arg: string) => { query: string; variables: Record<string, unknown>; path: string[] };

const splitIid = (arg: string, sep: string): [string, string] => {
  const at = arg.lastIndexOf(sep);
  if (at < 0) throw new Error(`"${arg}": expected <path>${sep}<iid>`);
  return [arg.slice(0, at), arg.slice(at + 1)];
};

/** `<path>#<iid>` looked up as `container(fullPath: <path>) { field(iid: <iid>) { id } }`. */
const byIid =
  (container: 'project' | 'namespace' | 'group', field: string, iidType = 'String!'): Lookup =>
  (arg) => {
    const [fullPath, iid] = splitIid(arg, '#');
    return {
      query: `query($p: ID!, $iid: ${iidType}) { ${container}(fullPath: $p) { ${field}(iid: $iid) { id } } }`,
      variables: { p: fullPath, iid },
      path: [container, field, 'id'],
    };
  };

/** `<path>` looked up as `container(fullPath: <path>) { id }`. */
const byPath =
  (container: 'project' | 'group'): Lookup =>
  (arg) => ({
    query: `query($p: ID!) { ${container}(fullPath: $p) { id } }`,
    variables: { p: arg },
    path: [container, 'id'],
  });

const LOOKUPS: Record<string, Lookup> = {
  Issue: byIid('project', 'issue'),
  WorkItem: byIid('namespace', 'workItem'),
  Epic: byIid('group', 'epic', 'ID'),
  EpicWorkItem: byIid('group', 'workItem'),
  Project: byPath('project'),
  Group: byPath('group'),
  /** The numeric id (GitLab's sidebar sends `getIdFromGraphQLId`) of the first active milestone of the project or its groups. */
  MilestoneNumber: (arg) => ({
    query:
      'query($p: ID!) { project(fullPath: $p) { milestones(state: active, includeAncestors: true, first: 1) { nodes { id } } } }',
    variables: { p: arg },
    path: ['project', 'milestones', 'nodes', '0', 'id'],
  }),
  User: (arg) => ({
    query: 'query($p: ID!, $s: String) { group(fullPath: $p) { autocompleteUsers(search: $s) { id username } } }',
    variables: { p: 'acme', s: arg },
    path: ['group', 'autocompleteUsers'],
  }),
};

/** A user's global id from the autocomplete list, which matches by name too. */
function userId(username: string, data: Record<string, unknown> | null | undefined): unknown {
  const users = (data?.group as { autocompleteUsers?: Array<{ id: string; username: string }> } | null)
    ?.autocompleteUsers;
  return users?.find((u) => u.username === username)?.id;
}

/** The variables with every placeholder replaced; throws naming a placeholder that finds nothing. */
export async function resolveVariables(
  app: FastifyInstance,
  token: string,
  variables: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const resolveValue = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(resolveValue));
    if (value && typeof value === 'object') {
      const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await resolveValue(v)]));
      return Object.fromEntries(entries);
    }
    if (typeof value !== 'string') return value;
    const match = PLACEHOLDER.exec(value);
    if (!match) return value;
    const [, kind, arg] = match as unknown as [string, string, string];
    if (kind === 'Comment' || kind === 'CommentedIssue' || kind === 'CommentedIssueIid') {
      return commentLookup(app, token, kind, arg);
    }
    const lookup = LOOKUPS[kind];
    if (!lookup) throw new Error(`${value}: unknown placeholder kind ${kind}`);
    const { query, variables: lookupVariables, path } = lookup(arg);
    const res = await gql(app, query, lookupVariables, token);
    let found: unknown = res.body.data;
    for (const key of path) found = (found as Record<string, unknown> | null | undefined)?.[key];
    if (kind === 'User') found = userId(arg, res.body.data);
    if (kind === 'MilestoneNumber' && typeof found === 'string') found = found.slice(found.lastIndexOf('/') + 1);
    if (typeof found !== 'string') throw new Error(`${value}: not found (${JSON.stringify(res.body.errors ?? null)})`);
    return found;
  };
  return (await resolveValue(variables)) as Record<string, unknown>;
}

const rest = async (app: FastifyInstance, token: string, url: string): Promise<unknown> =>
  (await app.inject({ method: 'GET', url, headers: { 'private-token': token } })).json();

/** The project's first issue (by iid) with a comment, as REST lists it to the token's user. */
async function firstCommentedIssue(app: FastifyInstance, token: string, fullPath: string) {
  const project = `/api/v4/projects/${encodeURIComponent(fullPath)}`;
  const issues = (await rest(app, token, `${project}/issues?order_by=created_at&sort=asc&per_page=100`)) as Array<{
    id: number;
    iid: number;
    user_notes_count: number;
  }>;
  const issue = issues.find((i) => i.user_notes_count > 0);
  if (!issue) throw new Error(`${fullPath}: no issue with a comment among the first 100`);
  return { project, issue };
}

/**
 * `{{CommentedIssue <project path>}}`: the global id of that issue (`CommentedIssueIid`: its iid); `{{Comment <project path>}}`:
 * of its newest comment (not a system note) — the two name the same issue.
 */
async function commentLookup(
  app: FastifyInstance,
  token: string,
  kind: 'CommentedIssue' | 'CommentedIssueIid' | 'Comment',
  fullPath: string,
) {
  const { project, issue } = await firstCommentedIssue(app, token, fullPath);
  if (kind === 'CommentedIssue') return `gid://gitlab/Issue/${issue.id}`;
  if (kind === 'CommentedIssueIid') return String(issue.iid);
  const notes = (await rest(
    app,
    token,
    `${project}/issues/${issue.iid}/notes?sort=desc&order_by=created_at&per_page=100`,
  )) as Array<{ id: number; system: boolean }>;
  const comment = notes.find((n) => !n.system);
  if (!comment) throw new Error(`${fullPath}#${issue.iid}: no comment`);
  return `gid://gitlab/Note/${comment.id}`;
}
