import { describe, expect, it } from 'vitest';
import { type EpicTreeWorld, seedEpicTree } from '../test/epic-tree-world';
import { dig, gql } from '../test/graphql-client';
import { useTestApp } from '../test/use-test-app';
import { gid } from './gid';

/** IE-34 childItems: the epic page's child tree, as GitLab's query asks it. */
const t = useTestApp<EpicTreeWorld>((app) => seedEpicTree(app.db));

const CHILD_ITEMS = `query childItems($fullPath: ID!, $iid: ID!, $pageSize: Int = 100, $epicEndCursor: String,
  $issueEndCursor: String) {
  group(fullPath: $fullPath) { id fullPath
    epic(iid: $iid) { id iid title
      userPermissions { adminEpic adminEpicRelation createEpic }
      descendantCounts { openedEpics closedEpics openedIssues closedIssues }
      descendantWeightSum { openedIssues closedIssues }
      healthStatus { issuesAtRisk issuesOnTrack issuesNeedingAttention }
      defaultProjectForIssueCreation { id nameWithNamespace }
      children(first: $pageSize, after: $epicEndCursor) {
        edges { node { id iid title state reference(full: true) confidential webPath webUrl relationPath
          relativePosition createdAt closedAt hasChildren hasIssues
          descendantCounts { openedEpics closedEpics openedIssues closedIssues }
          labels { nodes { id title color description textColor } }
          group { id fullPath } userPermissions { adminEpic adminEpicRelation createEpic } } }
        pageInfo { hasNextPage endCursor } }
      issues(first: $pageSize, after: $issueEndCursor) {
        edges { node { id iid epicIssueId title state reference(full: true) confidential blocked webUrl
          relationPath relativePosition createdAt closedAt dueDate weight healthStatus
          milestone { id title startDate dueDate }
          assignees { nodes { id name username avatarUrl webUrl } }
          labels { nodes { id title color description textColor } } } }
        pageInfo { hasNextPage endCursor } } } } }`;

type Node = Record<string, unknown>;

async function childItems(token: string | undefined, vars: Record<string, unknown> = {}) {
  const before = t.database.queryCount();
  const res = await gql(t.app, CHILD_ITEMS, { fullPath: 'tree', iid: '1', ...vars }, token);
  const statements = t.database.queryCount() - before;
  expect(res.body.errors).toBeUndefined();
  const epic = dig(res.body.data, 'group', 'epic') as Node;
  const nodes = (list: string) => ((dig(epic, list, 'edges') as Array<{ node: Node }>) ?? []).map((e) => e.node);
  return { epic, children: nodes('children'), issues: nodes('issues'), statements };
}

describe('childItems (IE-34)', () => {
  it('lists child epics and issues with the tree item fields, in relative order', async () => {
    const w = t.world;
    const { epic, children, issues } = await childItems(w.tokens.owner);
    expect(children.map((c) => c.title)).toEqual(['Child one', 'Secret child', 'Closed child']);
    expect(issues.map((i) => i.title)).toEqual(['Issue A', 'Secret issue', 'Closed issue']);
    const [child] = children;
    expect(child).toMatchObject({
      id: gid('Epic', w.epics.child.id),
      iid: String(w.epics.child.iid),
      state: 'opened',
      reference: `tree&${w.epics.child.iid}`,
      webPath: `/groups/tree/-/epics/${w.epics.child.iid}`,
      relationPath: `/groups/tree/-/epics/1/links/${w.epics.child.id}`,
      relativePosition: 100,
      hasChildren: true,
      hasIssues: true,
      descendantCounts: { openedEpics: 1, closedEpics: 0, openedIssues: 2, closedIssues: 0 },
      labels: { nodes: [{ title: 'tree-label', color: '#ff0000' }] },
      group: { fullPath: 'tree' },
      userPermissions: { adminEpic: true, adminEpicRelation: true },
    });
    expect(children[2]).toMatchObject({ state: 'closed', closedAt: '2026-01-02T00:00:00.000Z', hasChildren: false });
    const [a] = issues;
    expect(a).toMatchObject({
      id: gid('Issue', w.issues.issueA.id),
      epicIssueId: String(w.issues.issueA.epicIssueId),
      reference: 'tree/sub/app#1',
      relationPath: `/groups/tree/-/epics/1/issues/${w.issues.issueA.epicIssueId}`,
      relativePosition: 50,
      blocked: true,
      weight: 2,
      healthStatus: 'onTrack',
      milestone: { title: 'M1', startDate: '2026-01-01', dueDate: '2026-02-01' },
      assignees: { nodes: [{ username: 'tree-owner' }] },
      labels: { nodes: [{ title: 'tree-label' }] },
    });
    expect(String(a?.dueDate)).toContain('2026-03-01');
    expect(epic).toMatchObject({
      userPermissions: { adminEpic: true, adminEpicRelation: true },
      // Child one, Secret child, Grandchild open; Closed child closed. Issues: A, Secret, Deep, Blocker / Closed.
      descendantCounts: { openedEpics: 3, closedEpics: 1, openedIssues: 4, closedIssues: 1 },
      descendantWeightSum: { openedIssues: 12, closedIssues: 5 },
      healthStatus: { issuesOnTrack: 1, issuesAtRisk: 1, issuesNeedingAttention: 0 },
      // The owner authored the issues, in tree/sub/app.
      defaultProjectForIssueCreation: { id: gid('Project', w.project.id), nameWithNamespace: 'tree / sub / App' },
    });
  });

  it('hides what the reader may not read: not listed and not counted', async () => {
    const w = t.world;
    const { epic, children, issues } = await childItems(w.tokens.guest);
    expect(children.map((c) => c.title)).toEqual(['Child one', 'Closed child']);
    expect(issues.map((i) => i.title)).toEqual(['Issue A', 'Closed issue']);
    expect(epic).toMatchObject({
      userPermissions: { adminEpicRelation: false },
      descendantCounts: { openedEpics: 2, closedEpics: 1, openedIssues: 3, closedIssues: 1 },
      descendantWeightSum: { openedIssues: 5, closedIssues: 5 },
      defaultProjectForIssueCreation: null,
    });
    expect((await gql(t.app, CHILD_ITEMS, { fullPath: 'tree', iid: '1' })).body.data?.group).toBeNull();
  });

  it('pages 100 issues at a time with the end cursor', async () => {
    const first = await childItems(t.world.tokens.owner, { iid: '50' });
    expect(first.issues).toHaveLength(100);
    const info = dig(first.epic, 'issues', 'pageInfo') as { hasNextPage: boolean; endCursor: string };
    expect(info.hasNextPage).toBe(true);
    const next = await childItems(t.world.tokens.owner, { iid: '50', issueEndCursor: info.endCursor });
    expect(next.issues.map((i) => i.title)).toEqual([0, 1, 2, 3, 4].map((n) => `Page issue ${100 + n}`));
    expect(dig(next.epic, 'issues', 'pageInfo', 'hasNextPage')).toBe(false);
  });

  it('expands a child epic lazily with the same query (its relation paths name it)', async () => {
    const w = t.world;
    const { children, issues } = await childItems(w.tokens.owner, { iid: String(w.epics.child.iid) });
    expect(children).toMatchObject([
      { title: 'Grandchild', relationPath: `/groups/tree/-/epics/${w.epics.child.iid}/links/${w.epics.grandchild.id}` },
    ]);
    expect(issues.map((i) => i.title)).toEqual(['Blocker']);
  });

  it('stays within the statement budget whatever the number of rows (no N+1)', async () => {
    const owner = t.world.tokens.owner;
    const small = await childItems(owner);
    const large = await childItems(owner, { iid: '50' });
    const cursor = dig(large.epic, 'issues', 'pageInfo', 'endCursor');
    const showMore = await childItems(owner, { iid: '50', issueEndCursor: cursor });
    const expand = await childItems(owner, { iid: String(t.world.epics.child.iid) });
    const guest = await childItems(t.world.tokens.guest);
    console.info(
      `childItems statements: 6 rows → ${small.statements}, 100 rows → ${large.statements}, ` +
        `show more → ${showMore.statements}, expand → ${expand.statements}, guest → ${guest.statements}`,
    );
    expect(small.children.length + small.issues.length).toBe(6);
    expect(large.issues).toHaveLength(100);
    for (const request of [small, large, showMore, expand, guest])
      expect(request.statements).toBeLessThanOrEqual(STATEMENT_BUDGET);
  });
});

/**
 * Statements per childItems request (issue 13, docs/BENCHMARKS.md): the token with the actor's
 * memberships, the group, the epic, then one per GraphQL level (the level's loaders share one
 * statement: db/combined-reads) — the epic's rollups and both pages, then every row's fields.
 */
const STATEMENT_BUDGET = 5;

describe('Epic.issues as GitLab’s EpicIssue (an Issue plus its epic link)', () => {
  // The fields GitLab's epic tree selects on its issue rows, through a fragment on EpicIssue.
  const TREE_ISSUES = `query($fullPath: ID!, $iid: ID) { group(fullPath: $fullPath) { epic(iid: $iid) {
    issues(first: 100) { edges { node { ...TreeIssue } } } } } }
    fragment TreeIssue on EpicIssue { __typename id iid epicIssueId title state relationPath relativePosition
      assignees { edges { node { username } } } milestone { title } }`;

  it('answers the fragment, and its relationPath is the REST DELETE that unlinks the issue', async () => {
    const w = t.world;
    const read = async () => {
      const res = await gql(t.app, TREE_ISSUES, { fullPath: 'tree', iid: '1' }, w.tokens.owner);
      expect(res.body.errors).toBeUndefined();
      return (dig(res.body.data, 'group', 'epic', 'issues', 'edges') as Array<{ node: Node }>).map((e) => e.node);
    };
    const a = (await read())[0] as Node;
    expect(a).toMatchObject({
      __typename: 'EpicIssue',
      id: gid('Issue', w.issues.issueA.id),
      epicIssueId: String(w.issues.issueA.epicIssueId),
      relationPath: `/groups/tree/-/epics/1/issues/${w.issues.issueA.epicIssueId}`,
    });
    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: a.relationPath as string,
      headers: { 'private-token': w.tokens.owner },
    });
    expect(unlinked.statusCode).toBe(200);
    expect((await read()).map((i) => i.title)).not.toContain('Issue A');
  });

  it('keeps the epic link off plain issues, as GitLab’s Issue has none', async () => {
    const res = await gql(t.app, '{ __type(name: "Issue") { fields { name } } }', {}, t.world.tokens.owner);
    const names = (dig(res.body.data, '__type', 'fields') as Array<{ name: string }>).map((f) => f.name);
    expect(names).toContain('iid');
    expect(names).not.toContain('epicIssueId');
  });
});
