import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE, type Role, useEpicMutationsWorld } from '../test/epic-mutations-world';
import { dig, gql } from '../test/graphql-client';

/** The roadmap's tree writes: GitLab's epicTreeReorder (RF-10). The world is in test/epic-mutations-world.ts. */
const { t, tokens, e, link, epicGid, linkGid } = useEpicMutationsWorld();

const REORDER = `mutation epicTreeReorder($input: EpicTreeReorderInput!) {
  epicTreeReorder(input: $input) { clientMutationId errors } }`;

async function reorder(
  role: Role,
  moved: Record<string, unknown>,
  base = epicGid('B'),
): Promise<{
  status: number;
  errors: string[] | null;
  topLevel: Array<{ message: string; extensions?: Record<string, unknown> }>;
}> {
  const res = await gql(t.app, REORDER, { input: { baseEpicId: base, moved, clientMutationId: 'cm-1' } }, tokens[role]);
  const payload = dig(res.body.data, 'epicTreeReorder') as { clientMutationId: string; errors: string[] } | null;
  if (payload) expect(payload.clientMutationId).toBe('cm-1');
  return { status: res.status, errors: payload?.errors ?? null, topLevel: res.body.errors ?? [] };
}

/** Reorders as `role` and expects no errors. */
async function reorderOk(role: Role, moved: Record<string, unknown>): Promise<void> {
  expect((await reorder(role, moved)).errors).toEqual([]);
}

/** The rows of `table` whose `column` is the epic `parent`, in tree order, by their names in `names`. */
async function namesInTreeOrder(
  table: 'epics' | 'epic_issues',
  column: 'parent_id' | 'epic_id',
  parent: string,
  names: Record<string, number>,
): Promise<string[]> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${e[parent]}
    ORDER BY relative_position ASC NULLS LAST, id`.execute(t.db);
  const byId = Object.fromEntries(Object.entries(names).map(([name, id]) => [id, name]));
  return rows.map((r) => byId[r.id] as string);
}

/** Children of an epic in tree order (names). */
const childNames = (parent: string) => namesInTreeOrder('epics', 'parent_id', parent, e);
/** An epic's issues in tree order (link names). */
const issueNames = (epicName: string) => namesInTreeOrder('epic_issues', 'epic_id', epicName, link);

/** All children of an epic, both kinds, in the tree's one order (the names of epics and links). */
async function treeNames(parent: string): Promise<string[]> {
  const { rows } = await sql<{ kind: string; id: number }>`
    SELECT 'Epic' AS kind, id, relative_position AS pos FROM epics WHERE parent_id = ${e[parent]}
    UNION ALL SELECT 'EpicIssue', id, relative_position FROM epic_issues WHERE epic_id = ${e[parent]}
    ORDER BY pos ASC NULLS LAST, kind, id`.execute(t.db);
  const names = (ids: Record<string, number>) => Object.fromEntries(Object.entries(ids).map(([n, id]) => [id, n]));
  const epics = names(e);
  const links = names(link);
  return rows.map((r) => (r.kind === 'Epic' ? epics[r.id] : links[r.id]) as string);
}

describe('epicTreeReorder', () => {
  it.each([
    [
      'after its adjacent sibling (relativePosition before: the sibling ends up above)',
      'C3',
      'before',
      ['C1', 'C3', 'C2', 'C4'],
    ],
    [
      'before its adjacent sibling (relativePosition after: the sibling ends up below)',
      'C4',
      'after',
      ['C4', 'C1', 'C3', 'C2'],
    ],
  ])('moves a child epic %s', async (_name, child, relativePosition, order) => {
    await reorderOk('owner', { id: epicGid(child), adjacentReferenceId: epicGid('C1'), relativePosition });
    expect(await childNames('B')).toEqual(order);
  });

  it('moves to the start without an adjacent reference; Reporter and Planner may reorder', async () => {
    await reorderOk('reporter', { id: epicGid('C2') });
    expect(await childNames('B')).toEqual(['C2', 'C4', 'C1', 'C3']);
    await reorderOk('planner', { id: epicGid('C3'), adjacentReferenceId: epicGid('C2'), relativePosition: 'before' });
    expect(await childNames('B')).toEqual(['C2', 'C3', 'C4', 'C1']);
  });

  it('moves an epic under a new parent in the same tree, next to a new sibling', async () => {
    // G leaves C1 for B, landing right after C3.
    await reorderOk('owner', {
      id: epicGid('G'),
      adjacentReferenceId: epicGid('C3'),
      relativePosition: 'before',
      newParentId: epicGid('B'),
    });
    expect(await childNames('B')).toEqual(['C2', 'C3', 'G', 'C4', 'C1']);
    expect(await childNames('C1')).toEqual([]);
    // …and back under C1, alone there.
    await reorderOk('owner', { id: epicGid('G'), newParentId: epicGid('C1') });
    expect(await childNames('C1')).toEqual(['G']);
    expect(await childNames('B')).toEqual(['C2', 'C3', 'C4', 'C1']);
  });

  it('reorders and moves an epic’s issues (EpicIssue ids)', async () => {
    await reorderOk('owner', { id: linkGid('I3'), adjacentReferenceId: linkGid('I1'), relativePosition: 'before' });
    expect(await issueNames('B')).toEqual(['I1', 'I3', 'I2']);
    await reorderOk('owner', { id: linkGid('I2') });
    expect(await issueNames('B')).toEqual(['I2', 'I1', 'I3']);
    await reorderOk('owner', {
      id: linkGid('I2'),
      adjacentReferenceId: linkGid('I4'),
      relativePosition: 'after',
      newParentId: epicGid('C1'),
    });
    expect(await issueNames('C1')).toEqual(['I2', 'I4']);
    expect(await issueNames('B')).toEqual(['I1', 'I3']);
  });

  it('orders child epics and issues as one list: an issue lands between two epics, an epic next to an issue', async () => {
    const level = await treeNames('B');
    const epics = level.filter((n) => n.startsWith('C'));
    const [first, second] = epics as [string, string];
    // The issue dropped below the first epic (the epic ends up before it): between the two epics.
    await reorderOk('owner', { id: linkGid('I1'), adjacentReferenceId: epicGid(first), relativePosition: 'before' });
    let order = await treeNames('B');
    expect(order.indexOf('I1')).toBe(order.indexOf(first) + 1);
    expect(order.indexOf(second)).toBeGreaterThan(order.indexOf('I1'));
    // An epic dropped above that issue (the issue ends up after it).
    await reorderOk('owner', { id: epicGid(second), adjacentReferenceId: linkGid('I1'), relativePosition: 'after' });
    order = await treeNames('B');
    expect(order.slice(order.indexOf(first), order.indexOf(first) + 3)).toEqual([first, second, 'I1']);
    // Every other child kept its relative order.
    const others = (list: string[]) => list.filter((n) => n !== 'I1' && n !== second);
    expect(others(order)).toEqual(others(level));
  });

  it('reports problems with the moved item, its neighbour or new parent in errors', async () => {
    const cases: Array<[string, Role, Record<string, unknown>, string]> = [
      [
        'sibling under another parent',
        'owner',
        { id: epicGid('C1'), adjacentReferenceId: epicGid('O1'), relativePosition: 'before' },
        "The sibling object's parent must match the current parent epic.",
      ],
      [
        'sibling not under the new parent',
        'owner',
        {
          id: epicGid('G'),
          adjacentReferenceId: epicGid('C1'),
          relativePosition: 'before',
          newParentId: epicGid('C3'),
        },
        "The sibling object's parent must match the new parent epic.",
      ],
      ['moved item outside the tree', 'owner', { id: epicGid('O1') }, "The moved epic is not in the base epic's tree."],
      ['the base epic itself', 'owner', { id: epicGid('B') }, "The moved epic is not in the base epic's tree."],
      [
        'no relative position',
        'owner',
        { id: epicGid('C1'), adjacentReferenceId: epicGid('C3') },
        'Relative position is not valid.',
      ],
      [
        'issue next to an epic of another parent',
        'owner',
        { id: linkGid('I1'), adjacentReferenceId: epicGid('G'), relativePosition: 'after' },
        "The sibling object's parent must match the current parent epic.",
      ],
      [
        'new parent outside the tree',
        'owner',
        { id: epicGid('C1'), newParentId: epicGid('O') },
        "The new parent epic is not in the base epic's tree.",
      ],
      [
        'a cycle',
        'owner',
        { id: epicGid('C1'), newParentId: epicGid('G') },
        'newParentId is invalid: this epic cannot be added because it is an ancestor of the parent',
      ],
      [
        'a public epic under a confidential parent',
        'owner',
        { id: epicGid('C1'), newParentId: epicGid('C4') },
        'newParentId is invalid: a non-confidential epic cannot be assigned to a confidential parent epic',
      ],
      ['unknown moved epic', 'owner', { id: 'gid://gitlab/Epic/999999' }, 'Moved epic not found'],
      ['moved epic hidden (another group)', 'owner', { id: epicGid('X') }, 'Moved epic not found'],
      [
        'adjacent epic hidden (another group)',
        'owner',
        { id: epicGid('C1'), adjacentReferenceId: epicGid('X'), relativePosition: 'after' },
        'Adjacent reference not found',
      ],
      [
        'adjacent epic unknown',
        'owner',
        { id: epicGid('C1'), adjacentReferenceId: 'gid://gitlab/Epic/999999', relativePosition: 'after' },
        'Adjacent reference not found',
      ],
      [
        'new parent in a hidden group',
        'owner',
        { id: epicGid('C1'), newParentId: epicGid('X') },
        'New parent epic not found',
      ],
      ['unknown issue link', 'owner', { id: 'gid://gitlab/EpicIssue/999999' }, 'Moved issue not found'],
    ];
    const before = await childNames('B');
    for (const [name, role, moved, message] of cases) {
      const r = await reorder(role, moved);
      expect(r.topLevel, name).toEqual([]);
      expect(r.errors, name).toEqual([message]);
    }
    expect(await childNames('B')).toEqual(before);
  });

  it('answers one top-level error for a base epic that is hidden, missing or not yours to change', async () => {
    const hidden = await reorder('stranger', { id: epicGid('C1') });
    const missing = await reorder('owner', { id: epicGid('C1') }, 'gid://gitlab/Epic/999999');
    const otherGroup = await reorder('owner', { id: epicGid('C1') }, epicGid('X'));
    const anonymous = await reorder('anonymous', { id: epicGid('C1') });
    for (const r of [hidden, missing, otherGroup, anonymous]) {
      expect(r.status).toBe(200);
      expect(r.errors).toBeNull();
      expect(r.topLevel).toEqual([
        expect.objectContaining({ message: NOT_AVAILABLE, extensions: expect.objectContaining({ code: 'NOT_FOUND' }) }),
      ]);
    }
    // A Guest can read the tree but not change it.
    const guest = await reorder('guest', { id: epicGid('C1') });
    expect(guest.topLevel).toEqual([expect.objectContaining({ message: NOT_AVAILABLE })]);
    // The base epic is confidential: a Guest cannot even see it.
    const confidential = await reorder('guest', { id: epicGid('C1') }, epicGid('C4'));
    expect(confidential.topLevel).toEqual([
      expect.objectContaining({ message: NOT_AVAILABLE, extensions: expect.objectContaining({ code: 'NOT_FOUND' }) }),
    ]);
  });

  it('rejects ids of the wrong type before running', async () => {
    const res = await gql(
      t.app,
      REORDER,
      { input: { baseEpicId: 'gid://gitlab/Issue/1', moved: { id: epicGid('C1') } } },
      tokens.owner,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/EpicID/);
    const badMoved = await gql(
      t.app,
      REORDER,
      { input: { baseEpicId: epicGid('B'), moved: { id: '5', relativePosition: 'sideways' } } },
      tokens.owner,
    );
    expect(badMoved.status).toBe(400);
  });

  it('is a mutation: GET cannot run it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/graphql?query=${encodeURIComponent(`mutation { epicTreeReorder(input: { baseEpicId: "${epicGid('B')}", moved: { id: "${epicGid('C1')}" } }) { errors } }`)}`,
      headers: { 'private-token': tokens.owner as string },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
});
