import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../db/cursor';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { dig } from '../test/graphql-client';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * GraphQL cost attacked over HTTP (security review M3): nested connections that multiply their
 * page sizes, aliases that repeat them, N+1 resolvers under a page of epics, and crafted offset
 * cursors that turned the labels/milestones connections into unbounded LIMITs.
 */
let s: StartedServer;
let token: string;
const TOP_EPICS = 12;
const CHILDREN_PER_EPIC = 3;
const LABELS = 30;

interface GqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string }>;
}

async function gqlHttp(query: string, variables: Record<string, unknown> = {}): Promise<GqlAnswer> {
  const res = await s.http('/api/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'private-token': token },
    body: JSON.stringify({ query, variables }),
  });
  // GraphQL errors (refused complexity, bad cursors) answer 200 or 400 with an `errors` list.
  expect([200, 400]).toContain(res.status);
  return (await res.json()) as GqlAnswer;
}

/**
 * SQL statements a request runs beyond those of authentication: statements whose text an empty
 * query (`{ __typename }`) by the same token also runs are not counted (token, actor, settings).
 */
async function statementsOf(query: string): Promise<{ answer: GqlAnswer; statements: number }> {
  const baseline = await s.database.captureQueries(() => gqlHttp('{ __typename }'));
  const auth = new Set(baseline.queries.map((q) => q.sql));
  // The token's last_used_at is written at most once a minute, by whichever request comes first.
  const isAuth = (sql: string) => auth.has(sql) || /"personal_access_tokens"/.test(sql);
  const { result, queries } = await s.database.captureQueries(() => gqlHttp(query));
  return { answer: result, statements: queries.filter((q) => !isAuth(q.sql)).length };
}

beforeAll(async () => {
  s = await startTestServer();
  const db = s.db;
  const user = await createUser(db, { username: 'cost_attacker' });
  token = await createToken(db, user.id);
  const group = await createGroup(db, { path: 'cost', name: 'Cost' });
  await addGroupMember(db, group.id, user.id, AccessLevel.OWNER);
  const project = await createProject(db, { namespaceId: group.id, path: 'web' });
  let iid = 0;
  for (let top = 0; top < TOP_EPICS; top += 1) {
    const parent = await db
      .insertInto('epics')
      .values({ group_id: group.id, iid: ++iid, title: `Top ${top}`, author_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let child = 0; child < CHILDREN_PER_EPIC; child += 1) {
      const row = await db
        .insertInto('epics')
        .values({
          group_id: group.id,
          iid: ++iid,
          title: `Child ${top}.${child}`,
          author_id: user.id,
          parent_id: parent.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const issue = await db
        .insertInto('issues')
        .values({ project_id: project.id, iid, title: `Issue ${iid}`, author_id: user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('epic_issues').values({ epic_id: row.id, issue_id: issue.id }).execute();
    }
  }
  await db
    .insertInto('labels')
    .values(
      Array.from({ length: LABELS }, (_, n) => ({
        group_id: group.id,
        title: `label-${String(n).padStart(2, '0')}`,
        color: '#123456',
        text_color: '#FFFFFF',
      })),
    )
    .execute();
});
afterAll(async () => {
  await s?.close();
});

const COMPLEXITY_ERROR = /^Query has complexity of \d+, which exceeds max complexity of 300$/;

describe('M3: complexity counts page sizes', () => {
  it('refuses the review’s nested query before any resolver runs', async () => {
    const { answer, statements } = await statementsOf(`{ group(fullPath: "cost") { epics(first: 100) { nodes {
      children(first: 100) { nodes { children(first: 100) { nodes { issues(first: 100) { count nodes { id } } } } } } } } } }`);
    expect(answer.errors?.[0]?.message).toMatch(COMPLEXITY_ERROR);
    expect(answer.data?.group ?? null).toBeNull();
    expect(statements).toBe(0);
  });

  it('refuses a connection of 100 inside a connection of 100', async () => {
    const { answer, statements } = await statementsOf(
      '{ group(fullPath: "cost") { epics(first: 100) { nodes { children(first: 100) { nodes { id } } } } } }',
    );
    expect(answer.errors?.[0]?.message).toMatch(COMPLEXITY_ERROR);
    expect(statements).toBe(0);
  });

  it('refuses a small nested query repeated through aliases', async () => {
    const one = 'epics(first: 10) { nodes { children(first: 10) { nodes { id } } } }';
    const aliases = Array.from({ length: 20 }, (_, n) => `a${n}: ${one}`).join(' ');
    const { answer, statements } = await statementsOf(`{ group(fullPath: "cost") { ${aliases} } }`);
    expect(answer.errors?.[0]?.message).toMatch(COMPLEXITY_ERROR);
    expect(statements).toBe(0);
  });

  it('answers a legitimate nested query with a bounded number of statements', async () => {
    const { answer, statements } =
      await statementsOf(`{ group(fullPath: "cost") { epics(first: 10, sort: CREATED_AT_ASC) {
      nodes { iid children(first: 10) { count nodes { iid } } issues(first: 5) { count nodes { iid } } } } } }`);
    expect(answer.errors).toBeUndefined();
    const nodes = dig(answer.data, 'group', 'epics', 'nodes') as Array<{
      children: { count: number; nodes: unknown[] };
    }>;
    expect(nodes.length).toBe(10);
    for (const node of nodes.filter((n) => n.children.count > 0)) expect(node.children.nodes.length).toBe(3);
    // group, epics page, children page + count, issues page + count: per level, not per parent.
    expect(statements).toBeLessThanOrEqual(6);
  });
});

describe('M3: offset cursors are bounded', () => {
  const labelsAfter = (offset: number) =>
    `{ group(fullPath: "cost") { labels(first: 3, after: "${encodeCursor({ offset })}") { nodes { title } } } }`;

  it('refuses a cursor far past the end instead of fetching a million rows', async () => {
    const answer = await gqlHttp(labelsAfter(999_999));
    expect(answer.errors?.[0]?.message).toMatch(/\bafter\b/);
  });

  it('refuses non-integer and negative cursor offsets', async () => {
    for (const offset of [1.5, -1, 1e21]) {
      const answer = await gqlHttp(labelsAfter(offset));
      expect(answer.errors?.[0]?.message).toMatch(/\bafter\b/);
    }
  });

  it('fetches one small page for a crafted offset, with the right labels', async () => {
    const titles = (answer: GqlAnswer) =>
      ((dig(answer.data, 'group', 'labels', 'nodes') ?? []) as Array<{ title: string }>).map((l) => l.title);
    const all = titles(await gqlHttp('{ group(fullPath: "cost") { labels(first: 100) { nodes { title } } } }'));
    expect(all.length).toBe(LABELS);
    // [cursor offset, most rows one fetch may ask for]: the old adapter asked for offset + 3 rows.
    for (const [offset, maxRows] of [
      [5, 8],
      [4, 8],
      [22, 15],
      [5000, 15],
    ] as const) {
      const { result, queries } = await s.database.captureQueries(() => gqlHttp(labelsAfter(offset)));
      expect(titles(result)).toEqual(all.slice(offset + 1, offset + 4));
      const limits = queries
        // The page fetches (the capped total has a literal LIMIT and no offset parameters).
        .filter((q) => /from "labels"/i.test(q.sql) && /\blimit\b/i.test(q.sql) && !/count\(\*\)/i.test(q.sql))
        .map((q) => Number(q.parameters[q.parameters.length - 2]));
      expect(limits.length).toBeGreaterThan(0);
      for (const limit of limits) expect(limit).toBeLessThanOrEqual(maxRows);
    }
  });
});
