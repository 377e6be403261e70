import type { Database } from '../../../db/connection';
import { openSourceRequest, readCappedJson, SourceInstanceError } from '../external-source';
import type { RedmineIssue, RedmineNamed, RedmineProject, RedmineTracker, RedmineUser } from './redmine-types';

/** An answer of Redmine larger than this is refused (a page of 100 issues with long texts stays far below). */
export const REDMINE_ANSWER_CAP = 16 * 1024 * 1024;
/** Redmine's largest page. */
export const REDMINE_PAGE = 100;

/** Why Redmine refused a read, in words for the 422 or the job's error. */
function refusal(status: number, what: string): SourceInstanceError {
  if (status === 401) return new SourceInstanceError('the API key was refused by Redmine');
  if (status === 403) return new SourceInstanceError(`the API key may not read ${what} (Redmine answered 403)`);
  if (status === 404)
    return new SourceInstanceError(`${what} was not found on Redmine, or the API key may not read it`);
  return new SourceInstanceError(`Redmine answered ${status} to ${what}`);
}

export type RedmineClient = ReturnType<typeof redmineClient>;

/**
 * Redmine's REST API with a user's API key (`X-Redmine-API-Key`): every request through the webhooks'
 * SSRF guard, every answer read up to `REDMINE_ANSWER_CAP`, lists a page (`offset`, `limit`) at a time.
 */
export function redmineClient(db: Database, baseUrl: string, apiKey: string, cap = REDMINE_ANSWER_CAP) {
  const root = baseUrl.replace(/\/+$/, '');
  const headers = { 'X-Redmine-API-Key': apiKey, Accept: 'application/json' };
  /** GETs `path` (with its query); `what` names it in a refusal. A 403 answers null when `allowForbidden`. */
  async function get<T>(path: string, what: string, options: { allowForbidden?: boolean } = {}): Promise<T | null> {
    const response = await openSourceRequest(db, `${root}${path}`, 'GET', headers, 'Redmine');
    const status = response.statusCode ?? 0;
    if (status !== 200) {
      response.resume();
      if (status === 403 && options.allowForbidden) return null;
      throw refusal(status, what);
    }
    const body = await readCappedJson(response, cap, 'Redmine');
    if (body === null || typeof body !== 'object')
      throw new SourceInstanceError(`Redmine did not answer JSON to ${what}`);
    return body as T;
  }
  const must = async <T>(path: string, what: string) => (await get<T>(path, what)) as T;
  const page = (path: string, offset: number, limit: number) =>
    `${path}${path.includes('?') ? '&' : '?'}offset=${offset}&limit=${limit}`;

  return {
    url: root,
    /** The key's user (`admin` says whether every user can be listed). */
    currentUser: () => must<{ user: RedmineUser & { admin?: boolean } }>('/users/current.json', 'the current user'),
    project: (identifier: string) =>
      must<{ project: RedmineProject }>(`/projects/${encodeURIComponent(identifier)}.json`, `project ${identifier}`),
    /** One page of a list: `key` is the array's name in the answer. */
    async page<T>(path: string, key: string, offset: number, limit = REDMINE_PAGE, options = {}) {
      const body = await get<Record<string, unknown>>(page(path, offset, limit), path.split('?')[0] as string, options);
      if (body === null) return null;
      const items = body[key];
      if (!Array.isArray(items)) throw new SourceInstanceError(`Redmine's answer to ${path} holds no ${key}`);
      return { items: items as T[], total: typeof body.total_count === 'number' ? body.total_count : items.length };
    },
    /** Every item of a short list (projects, versions, categories), page after page. */
    async all<T>(path: string, key: string): Promise<T[]> {
      const out: T[] = [];
      for (let offset = 0; ; offset += REDMINE_PAGE) {
        const got = await this.page<T>(path, key, offset);
        if (!got) return out;
        out.push(...got.items);
        if (got.items.length < REDMINE_PAGE || out.length >= got.total) return out;
      }
    },
    trackers: async () => (await must<{ trackers: RedmineTracker[] }>('/trackers.json', 'the trackers')).trackers,
    statuses: async () =>
      (
        await must<{ issue_statuses: Array<RedmineNamed & { is_closed: boolean }> }>(
          '/issue_statuses.json',
          'the statuses',
        )
      ).issue_statuses,
    priorities: async () =>
      (await must<{ issue_priorities: RedmineNamed[] }>('/enumerations/issue_priorities.json', 'the issue priorities'))
        .issue_priorities,
    /** An issue with its journals, watchers, relations and subtree. */
    issue: async (id: number) =>
      (
        await must<{ issue: RedmineIssue }>(
          `/issues/${id}.json?include=journals,watchers,relations,children`,
          `issue #${id}`,
        )
      ).issue,
    /** An issue's subtree only (its parent's type depends on it). */
    issueTree: async (id: number) =>
      (await must<{ issue: RedmineIssue }>(`/issues/${id}.json?include=children`, `issue #${id}`)).issue,
  };
}
