import type { Database } from '../../../db/connection';
import { openSourceRequest, readCappedJson, SourceInstanceError } from '../external-source';
import type { SourceGroupsInput } from './bulk-import-params';

/** One page of the source's groups is small; a larger answer is not a page of groups. */
const PAGE_CAP = 2 * 1024 * 1024;

export interface SourceGroup {
  id: number;
  name: string;
  full_name: string;
  full_path: string;
  web_url: string | null;
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : null);
const pageNumber = (value: string | string[] | undefined) => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The groups of a source instance the token may bring over (GitLab's direct transfer page lists the
 * groups where the user is an Owner: `GET /groups?min_access_level=50`), a page at a time, through the
 * SSRF guard. A refused token or an unreachable source is a SourceInstanceError naming why.
 */
export async function listSourceGroups(db: Database, input: SourceGroupsInput) {
  const query = new URLSearchParams({
    min_access_level: '50',
    order_by: 'name',
    sort: 'asc',
    page: String(input.page),
    per_page: String(input.per_page),
    ...(input.search ? { search: input.search } : {}),
  });
  const url = `${input.url.replace(/\/+$/, '')}/api/v4/groups?${query}`;
  const response = await openSourceRequest(db, url, 'GET', {
    'PRIVATE-TOKEN': input.access_token,
    Accept: 'application/json',
  });
  const body = await readCappedJson(response, PAGE_CAP);
  if (response.statusCode === 401) throw new SourceInstanceError('the access token was refused by the source instance');
  if (response.statusCode !== 200 || !Array.isArray(body)) {
    throw new SourceInstanceError(`the source instance answered ${response.statusCode ?? 0} to its list of groups`);
  }
  const groups: SourceGroup[] = body.flatMap((row: Record<string, unknown>) => {
    const fullPath = text(row?.full_path, 2048);
    if (!fullPath || typeof row.id !== 'number') return [];
    return [
      {
        id: row.id,
        name: text(row.name, 255) ?? fullPath,
        full_name: text(row.full_name, 2048) ?? fullPath,
        full_path: fullPath,
        web_url: text(row.web_url, 2048),
      },
    ];
  });
  return {
    groups,
    page: input.page,
    next_page: pageNumber(response.headers['x-next-page']),
    total: pageNumber(response.headers['x-total']),
  };
}
