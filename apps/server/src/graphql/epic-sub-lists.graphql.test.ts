import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EpicsTable } from '../db/schema';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { useTestApp } from '../test/use-test-app';

/** Epic.children and Epic.issues under a page of epics: batched per level, filtered per actor. */
const t = useTestApp();
const tokens = { owner: '', guest: '' };
const TOP = 20;

beforeAll(async () => {
  const db = t.db;
  const group = await createGroup(db, { path: 'batch' });
  const sub = await createGroup(db, { path: 'team', parentId: group.id });
  const owner = await createUser(db, { username: 'batch-owner' });
  const guest = await createUser(db, { username: 'batch-guest' });
  await addGroupMember(db, group.id, owner.id, AccessLevel.OWNER);
  await addGroupMember(db, group.id, guest.id, AccessLevel.GUEST);
  tokens.owner = await createToken(db, owner.id);
  tokens.guest = await createToken(db, guest.id);
  const project = await createProject(db, { namespaceId: sub.id, path: 'app' });
  let iid = 0;
  let issueIid = 0;
  /** The owner's next epic (the next iid). */
  const addEpic = (values: Omit<Insertable<EpicsTable>, 'iid' | 'author_id'>) =>
    db
      .insertInto('epics')
      .values({ iid: ++iid, author_id: owner.id, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
  for (let top = 1; top <= TOP; top += 1) {
    const parent = await addEpic({ group_id: group.id, title: `Top ${top}` });
    // Two children per epic (one in the subgroup; the second confidential), two issues per child.
    for (let n = 1; n <= 2; n += 1) {
      const child = await addEpic({
        group_id: n === 1 ? sub.id : group.id,
        title: `Child ${top}.${n}`,
        parent_id: parent.id,
        confidential: n === 2,
        relative_position: 10 - n,
      });
      for (let k = 1; k <= 2; k += 1) {
        const issue = await db
          .insertInto('issues')
          .values({
            project_id: project.id,
            iid: ++issueIid,
            title: `Issue ${issueIid}`,
            author_id: owner.id,
            confidential: k === 2,
            relative_position: k,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.insertInto('epic_issues').values({ epic_id: child.id, issue_id: issue.id }).execute();
      }
    }
  }
});
const QUERY = `query($first: Int) { group(fullPath: "batch") { epics(first: $first, sort: CREATED_AT_ASC) {
  nodes { title children(first: 2) { count nodes { title issues(first: 2) { count nodes { title } } } }
    issues(first: 2) { count nodes { title } } } } } }`;

type TopNode = {
  title: string;
  children: {
    count: number;
    nodes: Array<{ title: string; issues: { count: number; nodes: Array<{ title: string }> } }>;
  };
};

async function run(first: number, token: string) {
  const before = t.database.queryCount();
  const res = await gql(t.app, QUERY, { first }, token);
  expect(res.body.errors).toBeUndefined();
  const nodes = (dig(res.body.data, 'group', 'epics', 'nodes') as TopNode[]).filter((n) => n.title.startsWith('Top'));
  return { nodes, statements: t.database.queryCount() - before };
}

describe('Epic.children and Epic.issues', () => {
  it('run the same number of statements over 5 and over 20 parent epics', async () => {
    await run(5, tokens.owner); // the token's first use also stamps its last_used_at
    const five = await run(5, tokens.owner);
    const twenty = await run(20, tokens.owner);
    console.info(`children/issues statements: 5 parents → ${five.statements}, 20 parents → ${twenty.statements}`);
    expect(twenty.statements).toBe(five.statements);
    expect(twenty.statements).toBeLessThanOrEqual(12);
  });

  it('answer each parent its own children and issues, in relative order, with counts', async () => {
    const { nodes } = await run(20, tokens.owner);
    const top3 = nodes.find((n) => n.title === 'Top 3');
    expect(top3?.children.count).toBe(2);
    expect(top3?.children.nodes.map((c) => c.title)).toEqual(['Child 3.2', 'Child 3.1']);
    const child = top3?.children.nodes[1];
    expect(child?.issues.count).toBe(2);
    expect(child?.issues.nodes.map((i) => i.title)).toEqual(['Issue 9', 'Issue 10']);
  });

  it('hide confidential children and issues from a guest, in the nodes and in the counts', async () => {
    const { nodes } = await run(20, tokens.guest);
    const top3 = nodes.find((n) => n.title === 'Top 3');
    expect(top3?.children.count).toBe(1);
    expect(top3?.children.nodes.map((c) => c.title)).toEqual(['Child 3.1']);
    expect(top3?.children.nodes[0]?.issues.count).toBe(1);
    expect(top3?.children.nodes[0]?.issues.nodes.map((i) => i.title)).toEqual(['Issue 9']);
  });

  it('pages children with after, per parent', async () => {
    const page = async (after: string | null) => {
      const res = await gql(
        t.app,
        `query($after: String) { group(fullPath: "batch") { epic(iid: "1") { children(first: 1, after: $after) {
          nodes { title } pageInfo { hasNextPage endCursor } } } } }`,
        { after },
        tokens.owner,
      );
      expect(res.body.errors).toBeUndefined();
      return dig(res.body.data, 'group', 'epic', 'children') as {
        nodes: Array<{ title: string }>;
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
    };
    const first = await page(null);
    expect(first.nodes.map((n) => n.title)).toEqual(['Child 1.2']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await page(first.pageInfo.endCursor);
    expect(second.nodes.map((n) => n.title)).toEqual(['Child 1.1']);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });
});
