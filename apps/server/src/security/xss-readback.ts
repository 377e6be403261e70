import type { JsonResponse, XssTarget } from './xss-field-writes';

/** Every REST list that presents what the suite wrote, with label details where the API offers them. */
function restLists(t: XssTarget, issueIids: number[], epicIds: number[]): string[] {
  const { groupId: g, projectId: p } = t;
  return [
    `/api/v4/projects/${p}/issues?with_labels_details=true`,
    `/api/v4/groups/${g}/issues?with_labels_details=true`,
    `/api/v4/groups/${g}/epics?with_labels_details=true`,
    `/api/v4/projects/${p}/merge_requests?with_labels_details=true`,
    `/api/v4/projects/${p}/milestones`,
    `/api/v4/groups/${g}/labels?with_counts=true`,
    `/api/v4/projects/${p}/labels?with_counts=true`,
    `/api/v4/groups/${g}/subgroups`,
    `/api/v4/groups/${g}/projects`,
    `/api/v4/groups/${g}/iteration_cadences`,
    `/api/v4/users?per_page=100`,
    ...issueIids.slice(0, 3).map((iid) => `/api/v4/projects/${p}/issues/${iid}`),
    ...issueIids.map((iid) => `/api/v4/projects/${p}/issues/${iid}/notes`),
    ...epicIds.map((id) => `/api/v4/groups/${g}/epics/${id}/notes`),
  ];
}

/** GET one list through every page (`per_page=100`, following `x-next-page`). */
async function getAllPages(t: XssTarget, path: string): Promise<JsonResponse[]> {
  const out: JsonResponse[] = [];
  let page = '1';
  while (page) {
    const sep = path.includes('?') ? '&' : '?';
    const url = path.includes('per_page') ? `${path}&page=${page}` : `${path}${sep}per_page=100&page=${page}`;
    const res = await t.server.http(url, { headers: { 'private-token': t.token } });
    if (res.status !== 200) throw new Error(`GET ${url} → ${res.status} ${(await res.text()).slice(0, 200)}`);
    out.push({ source: `GET ${path}`, body: await res.json() });
    page = res.headers.get('x-next-page') ?? '';
  }
  return out;
}

const LABELS = 'labels(first: 100) { nodes { title description } }';
const GRAPHQL_LISTS = {
  issues: {
    root: 'project',
    path: 'projectPath',
    field: `issues(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { iid title description descriptionHtml ${LABELS} milestone { title description } } }`,
  },
  mergeRequests: {
    root: 'project',
    path: 'projectPath',
    field: `mergeRequests(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { iid title description } }`,
  },
  projectMilestones: {
    root: 'project',
    path: 'projectPath',
    field: `milestones(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { title description } }`,
  },
  epics: {
    root: 'group',
    path: 'groupPath',
    field: `epics(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { iid title description descriptionHtml ${LABELS} } }`,
  },
  groupLabels: {
    root: 'group',
    path: 'groupPath',
    field: `labels(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { title description } }`,
  },
  descendantGroups: {
    root: 'group',
    path: 'groupPath',
    field: `descendantGroups(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { name description } }`,
  },
} as const;

type Connection = { pageInfo: { hasNextPage: boolean; endCursor: string | null } };

async function graphqlAllPages(t: XssTarget, name: keyof typeof GRAPHQL_LISTS): Promise<JsonResponse[]> {
  const q = GRAPHQL_LISTS[name];
  const fullPath = q.path === 'projectPath' ? t.projectPath : t.groupPath;
  const query = `query($after: String) { ${q.root}(fullPath: ${JSON.stringify(fullPath)}) { ${q.field} } }`;
  const out: JsonResponse[] = [];
  let after: string | null = null;
  do {
    const res = await t.server.http('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'private-token': t.token },
      body: JSON.stringify({ query, variables: { after } }),
    });
    const json = (await res.json()) as { data?: Record<string, Record<string, Connection>>; errors?: unknown };
    const connection = Object.values(json.data?.[q.root] ?? {})[0];
    if (json.errors || !connection) throw new Error(`GraphQL ${name}: ${JSON.stringify(json).slice(0, 300)}`);
    out.push({ source: `GraphQL ${q.root}.${name}`, body: json.data });
    after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  } while (after);
  return out;
}

/** Reads back everything the suite wrote, over REST and GraphQL. */
export async function readBack(t: XssTarget, issueIids: number[], epicIds: number[]) {
  const rest: JsonResponse[] = [];
  for (const path of restLists(t, issueIids, epicIds)) rest.push(...(await getAllPages(t, path)));
  const graphql: JsonResponse[] = [];
  for (const name of Object.keys(GRAPHQL_LISTS) as (keyof typeof GRAPHQL_LISTS)[])
    graphql.push(...(await graphqlAllPages(t, name)));
  return { rest, graphql };
}
