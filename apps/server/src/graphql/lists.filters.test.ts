import { beforeAll, describe, expect, it } from 'vitest';
import { buildEpicFilterWorld, type EpicFilterWorld } from '../test/epic-filter-world';
import { dig, gql } from '../test/graphql-client';
import { buildIssueFilterWorld } from '../test/issue-filter-world';
import { buildMergeRequestFilterWorld } from '../test/mr-filter-world';
import { useTestApp } from '../test/use-test-app';

/**
 * GraphQL list fields (project/group issues, mergeRequests, group epics) parse into the same
 * filter objects as REST: the worlds and expected sets are those of the REST filter tests
 * (issue-filter-world.ts, mr-filter-world.ts, epic-filter-world.ts).
 */
const t = useTestApp();
type World = Awaited<ReturnType<typeof buildIssueFilterWorld>>;
let iw: World;
let mw: World;
let ew: EpicFilterWorld;

/** Sorted iids of `<path>.<field>(args)`, checking `count` agrees with the nodes. */
async function list(
  root: 'project' | 'group',
  fullPath: string,
  field: string,
  args: string,
  token?: string,
): Promise<number[]> {
  const q = `query($p: ID!) { ${root}(fullPath: $p) { ${field}(first: 100${args ? `, ${args}` : ''}) { count nodes { iid } } } }`;
  const res = await gql(t.app, q, { p: fullPath }, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const conn = dig(res.body.data, root, field) as { count: number; nodes: Array<{ iid: string }> };
  expect(conn.count).toBe(conn.nodes.length);
  return conn.nodes.map((n) => Number(n.iid)).sort((a, b) => a - b);
}
const issues = (args: string, who = 'alice') => list('project', 'iflt/app', 'issues', args, iw.tok[who]);
const groupIssues = (args: string, who = 'alice') => list('group', 'iflt', 'issues', args, iw.tok[who]);
const mrs = (args: string, who = 'alice') => list('project', 'mflt/app', 'mergeRequests', args, mw.tok[who]);
const groupMrs = (args: string) => list('group', 'mflt', 'mergeRequests', args, mw.tok.alice);
const epics = (args: string, who = 'alice') => list('group', 'eflt', 'epics', args, ew.tok[who]);

beforeAll(async () => {
  iw = await buildIssueFilterWorld(t.db);
  mw = await buildMergeRequestFilterWorld(t.db);
  ew = await buildEpicFilterWorld(t.db);
}, 90_000);

describe('GraphQL issues: arguments, not: NegatedIssueFilterInput, or: UnionedIssueFilterInput', () => {
  it.each([
    ['authorUsername: "if_alice"', [1, 4]],
    ['not: { authorUsername: ["if_alice"] }', [2, 3, 5]],
    ['or: { authorUsernames: ["if_alice", "if_carol"] }', [1, 3, 4]],
    ['or: { authorUsername: ["if_alice", "if_carol"] }', [1, 3, 4]],
    ['assigneeUsernames: ["if_bob"]', [1, 5]],
    ['assigneeWildcardId: NONE', [3]],
    ['assigneeId: "any"', [1, 2, 4, 5]],
    ['not: { assigneeUsernames: ["if_bob"] }', [2, 3, 4]],
    ['or: { assigneeUsernames: ["if_alice", "if_carol"] }', [2, 4, 5]],
    ['milestoneTitle: ["M1"]', [1, 4]],
    ['milestoneWildcardId: NONE', [3, 5]],
    ['milestoneWildcardId: STARTED', [1, 4]],
    ['milestoneWildcardId: UPCOMING', [2]],
    ['not: { milestoneTitle: ["M1"] }', [2, 3, 5]],
    ['not: { milestoneWildcardId: UPCOMING }', [1, 3, 4, 5]],
    ['releaseTag: ["v1.0"]', [1, 4]],
    ['releaseTagWildcardId: NONE', [2, 3, 5]],
    ['not: { releaseTag: ["v1.0"] }', [2, 3, 5]],
    ['labelName: ["bug", "ui"]', [2]],
    ['labelName: ["None"]', [3]],
    ['not: { labelName: ["bug"] }', [3, 4, 5]],
    ['or: { labelNames: ["bug", "feature"] }', [1, 2, 5]],
    ['myReactionEmoji: "thumbsup"', [1]],
    ['myReactionEmoji: "NONE"', [2, 4, 5]],
    ['not: { myReactionEmoji: "thumbsup" }', [2, 3, 4, 5]],
    ['confidential: true', [4]],
    ['weight: "3"', [2, 4]],
    ['weightWildcardId: NONE', [3]],
    ['not: { weight: "3" }', [1, 3, 5]],
    ['iterationWildcardId: CURRENT', [1]],
    ['iterationWildcardId: NONE', [3, 4, 5]],
    ['not: { iterationWildcardId: CURRENT }', [2, 3, 4, 5]],
    ['iterationTitle: "Sprint 1"', [1]],
    ['epicWildcardId: ANY', [1, 3]],
    ['epicId: "none"', [2, 4, 5]],
    ['search: "crash"', [1, 2, 4]],
    ['search: "crash", in: [TITLE]', [1, 4]],
    ['state: closed', [5]],
    // GitLab's types Meridian has no issues of: an empty list, not an error.
    ['types: [ISSUE]', [1, 2, 3, 4, 5]],
    ['types: [TEST_CASE, REQUIREMENT, TICKET, EPIC]', []],
    [
      'authorUsername: "if_alice", not: { labelName: ["bug"] }, or: { labelNames: ["ui", "feature"] }, milestoneTitle: ["M1"], search: "crash"',
      [4],
    ],
  ] as const)('%s', async (args, expected) => {
    expect(await issues(args)).toEqual(expected);
  });

  it('ids as global ids: iterationId, epicId, not.epicId, not.iterationId', async () => {
    expect(await issues(`iterationId: ["gid://gitlab/Iteration/${iw.ids.I0}"]`)).toEqual([2]);
    expect(await issues(`epicId: "gid://gitlab/Epic/${iw.ids.E1}"`)).toEqual([1]);
    expect(await issues(`not: { epicId: "${iw.ids.E1}" }`)).toEqual([2, 3, 4, 5]);
    expect(await issues(`not: { iterationId: ["${iw.ids.I0}"] }`)).toEqual([1, 3, 4, 5]);
  });

  it('group.issues agrees; a guest never gets the confidential issue (count agrees)', async () => {
    expect(await groupIssues('labelName: ["ui"]')).toEqual([2, 4]);
    expect(await groupIssues('labelName: ["ui"]', 'guest')).toEqual([2]);
    expect(await issues('search: "crash"', 'guest')).toEqual([1, 2]);
    expect(await issues('confidential: true', 'guest')).toEqual([]);
  });

  it('bad values are errors naming the argument', async () => {
    const res = await gql(
      t.app,
      'query { project(fullPath: "iflt/app") { issues(not: { weight: "heavy" }) { nodes { iid } } } }',
      {},
      iw.tok.alice,
    );
    expect(JSON.stringify(res.body.errors)).toContain('not.weight');
  });
});

describe('GraphQL mergeRequests: arguments and MergeRequestsResolverNegatedParams', () => {
  it.each([
    ['authorUsername: "mf_alice"', [1, 4]],
    ['not: { authorUsername: "mf_alice" }', [2, 3, 5]],
    ['or: { authorUsernames: ["mf_alice", "mf_carol"] }', [1, 3, 4]],
    ['assigneeUsername: "mf_bob"', [1, 5]],
    ['assigneeWildcardId: NONE', [3]],
    ['not: { assigneeUsernames: ["mf_alice"] }', [1, 3, 5]],
    ['reviewerUsername: "mf_carol"', [1, 2, 5]],
    ['reviewerWildcardId: ANY', [1, 2, 4, 5]],
    ['not: { reviewerUsername: "mf_carol" }', [3, 4]],
    ['approvedBy: ["mf_alice", "mf_bob"]', [3]],
    ['approvedBy: ["None"]', [1, 4, 5]],
    ['not: { approvedBy: ["mf_carol"] }', [1, 3, 4, 5]],
    ['approver: ["mf_carol"]', [1, 2, 5]],
    ['not: { approver: ["mf_carol"] }', [3, 4]],
    ['approved: true', [2, 3]],
    ['mergedBy: "mf_alice"', [3]],
    ['not: { mergedBy: "mf_alice" }', [1, 2, 4, 5]],
    ['milestoneTitle: "M1"', [1, 4]],
    ['milestoneWildcardId: UPCOMING', [2]],
    ['not: { milestoneTitle: "M1" }', [2, 3, 5]],
    ['releaseTag: "v1.0"', [1, 4]],
    ['releaseTagWildcardId: NONE', [2, 3, 5]],
    ['not: { releaseTag: "v1.0" }', [2, 3, 5]],
    ['labels: ["bug"]', [1, 2]],
    ['labelName: ["None"]', [3]],
    ['not: { labels: ["bug"] }', [3, 4, 5]],
    ['or: { labelNames: ["bug", "feature"] }', [1, 2, 5]],
    ['myReactionEmoji: "thumbsup"', [1]],
    ['not: { myReactionEmoji: "thumbsup" }', [2, 3, 4, 5]],
    ['draft: true', [2]],
    ['not: { draft: true }', [1, 3, 4, 5]],
    ['targetBranches: ["develop"]', [3, 4]],
    ['not: { targetBranches: ["develop"] }', [1, 2, 5]],
    ['sourceBranches: ["feat/a"]', [1]],
    ['not: { sourceBranches: ["feat/a"] }', [2, 3, 4, 5]],
    ['environmentName: "production"', [1]],
    ['not: { environmentName: "production" }', [2, 3, 4, 5]],
    ['state: merged', [3]],
    ['search: "crash", in: [TITLE]', [1, 4]],
    [
      'authorUsername: "mf_alice", not: { labels: ["bug"] }, or: { labelNames: ["ui", "feature"] }, milestoneTitle: "M1", search: "crash"',
      [4],
    ],
  ] as const)('%s', async (args, expected) => {
    expect(await mrs(args)).toEqual(expected);
  });

  it('group.mergeRequests agrees; outsiders get null', async () => {
    expect(await groupMrs('labels: ["bug"]')).toEqual([1, 2]);
    const res = await gql(
      t.app,
      'query { project(fullPath: "mflt/app") { mergeRequests { nodes { iid } } } }',
      {},
      mw.tok.outsider,
    );
    expect(res.body.data?.project).toBeNull();
  });

  it('the merge request fields', async () => {
    const res = await gql(
      t.app,
      `query { project(fullPath: "mflt/app") { mergeRequests(iids: ["3"]) { nodes {
        id iid title state draft sourceBranch targetBranch reference webUrl mergedAt
        author { username } mergeUser { username } } } } }`,
      {},
      mw.tok.alice,
    );
    expect(res.body.errors).toBeUndefined();
    const [node] = dig(res.body.data, 'project', 'mergeRequests', 'nodes') as Array<Record<string, unknown>>;
    expect(node).toMatchObject({
      iid: '3',
      title: 'Export CSV',
      state: 'merged',
      draft: false,
      sourceBranch: 'fix/c',
      targetBranch: 'develop',
      reference: '!3',
      author: { username: 'mf_carol' },
      mergeUser: { username: 'mf_alice' },
    });
    expect(String(node?.webUrl)).toMatch(/\/mflt\/app\/-\/merge_requests\/3$/);
  });
});

describe('GraphQL group.epics: NegatedEpicFilterInput and UnionedEpicFilterInput', () => {
  it.each([
    ['authorUsername: "ef_alice"', [1, 4]],
    ['not: { authorUsername: "ef_alice" }', [2, 3, 5]],
    ['or: { authorUsernames: ["ef_alice", "ef_carol"] }', [1, 3, 4]],
    ['or: { authorUsername: ["ef_bob", "ef_carol"] }', [2, 3, 5]],
    ['labelName: ["bug"]', [1, 2]],
    ['labelName: ["None"]', [3]],
    ['not: { labelName: ["bug"] }', [3, 4, 5]],
    ['or: { labelName: ["bug", "feature"] }', [1, 2, 5]],
    ['or: { labelNames: ["ui", "feature"] }', [2, 4, 5]],
    ['myReactionEmoji: "thumbsup"', [1]],
    ['myReactionEmoji: "none"', [2, 4, 5]],
    ['not: { myReactionEmoji: "thumbsup" }', [2, 3, 4, 5]],
    ['confidential: true', [4]],
    ['search: "crash"', [1, 2, 4]],
    ['search: "crash", in: [DESCRIPTION]', [2]],
    ['state: closed', [5]],
  ] as const)('%s', async (args, expected) => {
    expect(await epics(args)).toEqual(expected);
  });

  it('a guest never gets the confidential epic', async () => {
    expect(await epics('search: "crash"', 'guest')).toEqual([1, 2]);
    expect(await epics('or: { labelNames: ["ui"] }', 'guest')).toEqual([2]);
  });
});
