import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanGuardWorld } from './plan-guard-world';
import { RF1 } from './roadmap-queries';

/** One request the web app sends on every page view, and how many SQL statements it may cost. */
export interface HotRequest {
  name: string;
  url: string;
  /** A GraphQL document: POSTed to `url` with `variables`. */
  graphql?: { query: string; variables: Record<string, unknown> };
  maxStatements: number;
}

/** The epic tree's childItems document as the web app sends it (gql.tada's client directives removed). */
function childItemsDocument(): string {
  const treeApi = readFileSync(join(import.meta.dirname, '../../../web/src/features/epics/tree/treeApi.ts'), 'utf8');
  const document = /graphql\(`\s*(query childItems[\s\S]*?)`\)/.exec(treeApi)?.[1];
  if (!document) throw new Error('childItems document not found in treeApi.ts');
  return document.replace(/@_required/g, '');
}

// Statement budgets: today's counts (issue 26's targets: a list page ≤ 12, one issue ≤ 10). A page's
// details are two statements: the combined prepared read and the counts (issues/issue-details.ts).
const LIST_PAGE = 6;
const ONE_ISSUE = 8;
const SUGGESTIONS = 3;

/**
 * Sequential scans of big tables that hot requests plan today, each narrowly matched (request,
 * table, statement) and left to another task; the plan guards fail on any other.
 */
export const KNOWN_SEQ_SCANS: ReadonlyArray<{ requests: RegExp; table: string; statement: RegExp; todo: string }> = [
  {
    requests: /^group issues: (first page|state|type|confidential|weight|health)$/,
    table: 'issues',
    statement: /^SELECT count\(\*\)::int AS total FROM \(SELECT 1 FROM "issues" i /,
    todo: 'the capped total count of a group holding nearly all issues scans them until COUNT_CAP + 1 match (project lists count index-only since migration 0024): indexes led by the filter columns, or an estimate past a threshold',
  },
];

/** GitLab's THREE_YEARS roadmap range around today, as the web app sends it. */
function threeYears(): { start: string; end: string } {
  const now = new Date();
  const day = (months: number, date: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, date)).toISOString().slice(0, 10);
  return { start: day(-18, 1), end: day(18, 0) };
}

/** The issue list filter tokens the plan guards cover, as REST query strings. */
function issueFilters(w: PlanGuardWorld): Array<[string, string]> {
  return [
    ['first page', ''],
    ['assignee', 'assignee_username[]=bench_user_9'],
    ['author', 'author_username=bench_user_7'],
    ['label', `labels=${w.labelTitle}`],
    ['rare label', 'labels=rare-7'],
    ['milestone', `milestone=${w.milestoneTitle}`],
    ['epic', `epic_id=${w.epicId}`],
    ['iteration', `iteration_id=${w.iterationId}`],
    ['state', 'state=closed'],
    ['type', 'issue_type=incident'],
    ['assignee + open + type', 'assignee_username[]=bench_user_9&state=opened&issue_type=issue'],
    ['search', 'search=webhook'],
    ['title contains', 'search=webhook&in=title'],
    ['confidential', 'confidential=true'],
    ['weight', 'weight=3'],
    ['health', 'health_status=at_risk'],
  ];
}

/** The requests the plan guards check, against the plan guard world. */
export function hotRequests(w: PlanGuardWorld): HotRequest[] {
  const group = encodeURIComponent(w.groupPath);
  const project = encodeURIComponent(w.projectPath);
  const lists = issueFilters(w).flatMap(([filter, query]) =>
    [
      [`group issues: ${filter}`, `/api/v4/groups/${group}/issues`],
      [`project issues: ${filter}`, `/api/v4/projects/${project}/issues`],
    ].map(([name, path]) => ({
      name: name as string,
      url: `${path}?per_page=50${query ? `&${query}` : ''}`,
      maxStatements: LIST_PAGE,
    })),
  );
  const issue = `/api/v4/projects/${project}/issues/${w.issueIid}`;
  return [
    ...lists,
    { name: 'one issue', url: issue, maxStatements: ONE_ISSUE },
    { name: 'issue notes', url: `${issue}/notes?per_page=20`, maxStatements: 7 },
    { name: 'issue discussions', url: `${issue}/discussions?per_page=20`, maxStatements: 9 },
    {
      name: 'roadmap epics (RF-1)',
      url: '/api/graphql',
      graphql: {
        query: RF1,
        variables: { fullPath: w.groupPath, state: 'all', sort: 'START_DATE_ASC', timeframe: threeYears(), first: 50 },
      },
      maxStatements: 6,
    },
    {
      name: 'epic child tree',
      url: '/api/graphql',
      graphql: { query: childItemsDocument(), variables: { fullPath: w.groupPath, iid: String(w.epicIid) } },
      maxStatements: 5,
    },
    {
      name: 'suggestions: users',
      url: `/-/autocomplete/users.json?search=bench_user_1&current_user=true&group_id=${group}`,
      maxStatements: SUGGESTIONS,
    },
    {
      name: 'suggestions: labels',
      url: `/groups/${group}/-/labels.json?search=rare&include_ancestor_groups=true&include_descendant_groups=true&per_page=100`,
      maxStatements: SUGGESTIONS,
    },
    { name: 'suggestions: milestones', url: `/groups/${group}/-/milestones.json`, maxStatements: SUGGESTIONS },
    {
      name: 'suggestions: epics',
      url: `/groups/${group}/-/epics.json?search=Rollout&include_ancestor_groups=true&include_descendant_groups=true`,
      maxStatements: SUGGESTIONS,
    },
    {
      name: 'suggestions: iterations',
      url: `/groups/${group}/-/iterations.json?search=Sprint`,
      maxStatements: SUGGESTIONS,
    },
  ];
}
