import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { createGroup, createGroupMembers, createProject, createToken, createUser } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { expectFixedStatements } from '../test/statement-count';
import { useTestApp } from '../test/use-test-app';

/** GitLab's issuableReference (IE-30) and issuableDetailsEE (IE-36) documents, verbatim, and Issue.iteration. */

const t = useTestApp();
const tokens = { planner: '', guest: '', stranger: '' };
const ids = { project: 0, group: 0, milestone: 0, iteration: 0, cadence: 0, plain: 0, secret: 0, openIssue: 0 };

const ISSUABLE_REFERENCE = `query issuableReference($fullPath: ID!, $iid: String) {
  workspace: project(fullPath: $fullPath) {
    id
    issuable: issue(iid: $iid) {
      id
      reference(full: true)
    }
  }
}`;

const ISSUABLE_DETAILS_EE = `query issuableDetailsEE($id: IssueID!) {
  issuable: issue(id: $id) {
    id
    confidential
    milestone { id }
    iteration { id title startDate dueDate webUrl iterationCadence { id title } }
  }
}`;

const ISSUE_ITERATIONS = `query($path: ID!, $first: Int) {
  project(fullPath: $path) { issues(first: $first, sort: CREATED_ASC) { nodes { iid iteration { id title iterationCadence { title } } } } }
}`;

let nextIid = 1;
let nextIterationIid = 1;
async function issue(attrs: { confidential?: boolean; iterationId?: number | null; projectId?: number } = {}) {
  return t.db
    .insertInto('issues')
    .values({
      project_id: attrs.projectId ?? ids.project,
      iid: nextIid++,
      title: 'An issue',
      confidential: attrs.confidential ?? false,
      milestone_id: ids.milestone,
      iteration_id: attrs.iterationId === undefined ? ids.iteration : attrs.iterationId,
    })
    .returning(['id', 'iid'])
    .executeTakeFirstOrThrow();
}

async function iteration(groupId: number, title: string): Promise<{ id: number; cadenceId: number }> {
  const cadence = await t.db
    .insertInto('iterations_cadences')
    .values({ group_id: groupId, title: `${title} cadence` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('iterations')
    .values({
      iid: nextIterationIid,
      sequence: nextIterationIid++,
      iterations_cadence_id: cadence.id,
      group_id: groupId,
      title,
      start_date: '2026-11-02',
      due_date: '2026-11-15',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, cadenceId: cadence.id };
}

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'ide' });
  ids.group = group.id;
  ids.project = (await createProject(t.db, { namespaceId: group.id, path: 'app' })).id;
  const members = await createGroupMembers(t.db, group.id, 'ide-', [
    ['planner', AccessLevel.PLANNER],
    ['guest', AccessLevel.GUEST],
  ]);
  Object.assign(tokens, members.tokens);
  tokens.stranger = await createToken(t.db, (await createUser(t.db, { username: 'ide-stranger' })).id);
  ids.milestone = (
    await t.db
      .insertInto('milestones')
      .values({ title: 'v1', group_id: group.id, iid: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const sprint = await iteration(group.id, 'Sprint 1');
  ids.iteration = sprint.id;
  ids.cadence = sprint.cadenceId;
  ids.plain = (await issue()).id;
  ids.secret = (await issue({ confidential: true })).id;
});

describe('issuableReference (IE-30)', () => {
  it('answers the full reference of a project issue by iid, with `$iid: String` as GitLab declares it', async () => {
    const res = await gql(t.app, ISSUABLE_REFERENCE, { fullPath: 'ide/app', iid: '1' }, tokens.guest);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      workspace: {
        id: `gid://gitlab/Project/${ids.project}`,
        issuable: { id: `gid://gitlab/Issue/${ids.plain}`, reference: 'ide/app#1' },
      },
    });
  });

  it('answers null for a hidden, missing or absent iid', async () => {
    for (const iid of ['2', '999', null]) {
      const res = await gql(t.app, ISSUABLE_REFERENCE, { fullPath: 'ide/app', iid }, tokens.guest);
      expect(res.body.errors).toBeUndefined();
      expect(dig(res.body.data, 'workspace', 'issuable')).toBeNull();
    }
  });
});

describe('issuableDetailsEE (IE-36): Query.issue(id:)', () => {
  const details = (id: number | string, token?: string) =>
    gql(t.app, ISSUABLE_DETAILS_EE, { id: typeof id === 'number' ? `gid://gitlab/Issue/${id}` : id }, token);

  it('answers the issue with its confidentiality, milestone and iteration', async () => {
    const res = await details(ids.secret, tokens.planner);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      issuable: {
        id: `gid://gitlab/Issue/${ids.secret}`,
        confidential: true,
        milestone: { id: `gid://gitlab/Milestone/${ids.milestone}` },
        iteration: {
          id: `gid://gitlab/Iteration/${ids.iteration}`,
          title: 'Sprint 1',
          startDate: '2026-11-02',
          dueDate: '2026-11-15',
          webUrl: `http://localhost:3000/groups/ide/-/iterations/${ids.iteration}`,
          iterationCadence: { id: `gid://gitlab/Iterations::Cadence/${ids.cadence}`, title: 'Sprint 1 cadence' },
        },
      },
    });
  });

  it('answers null, never an error, for an issue that is missing or hidden from the caller', async () => {
    const hidden: Array<[number, string | undefined]> = [
      [ids.secret, tokens.guest], // confidential, Guest
      [ids.plain, tokens.stranger], // private project
      [ids.plain, undefined], // anonymous
      [2_147_483_647, tokens.planner], // no such issue
    ];
    for (const [id, token] of hidden) {
      const res = await details(id, token);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data).toEqual({ issuable: null });
    }
    expect(dig((await details(ids.plain, tokens.guest)).body.data, 'issuable', 'id')).toBe(
      `gid://gitlab/Issue/${ids.plain}`,
    );
  });

  it('refuses an id that is not an IssueID before anything runs', async () => {
    for (const id of [`gid://gitlab/Epic/${ids.plain}`, String(ids.plain), 'gid://gitlab/Issue/0']) {
      const res = await details(id, tokens.planner);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.message).toContain('is not a valid IssueID');
    }
  });
});

describe('Issue.iteration', () => {
  it('loads the iterations of a page of issues in one statement, whatever the page size', async () => {
    const project = await createProject(t.db, { namespaceId: ids.group, path: 'many' });
    for (let n = 0; n < 10; n++) {
      const own = await iteration(ids.group, `Sprint many ${n}`);
      await issue({ projectId: project.id, iterationId: own.id });
    }
    const load = async (first: number) => {
      const res = await gql(t.app, ISSUE_ITERATIONS, { path: 'ide/many', first }, tokens.planner);
      const nodes = dig(res.body.data, 'project', 'issues', 'nodes') as Array<{ iteration: { title: string } }>;
      expect(nodes.map((n) => n.iteration.title)).toEqual(Array.from({ length: first }, (_, n) => `Sprint many ${n}`));
    };
    await load(1); // warms the per-process caches (settings, token use) the first request fills
    await expectFixedStatements(t.database, load, [2, 10], 7);
  });

  it('is null when the issue has none, and when the iteration’s group is hidden from the caller', async () => {
    const open = await createGroup(t.db, { path: 'ide-open', visibility: 20 });
    const openProject = await createProject(t.db, { namespaceId: open.id, path: 'pub', visibility: 20 });
    const foreign = await iteration(ids.group, 'Private sprint');
    await issue({ projectId: openProject.id, iterationId: null });
    await issue({ projectId: openProject.id, iterationId: foreign.id });
    const res = await gql(t.app, ISSUE_ITERATIONS, { path: 'ide-open/pub', first: 10 });
    expect(dig(res.body.data, 'project', 'issues', 'nodes')).toEqual([
      { iid: expect.any(String), iteration: null },
      { iid: expect.any(String), iteration: null },
    ]);
    const planner = await gql(t.app, ISSUE_ITERATIONS, { path: 'ide-open/pub', first: 10 }, tokens.planner);
    const titles = (dig(planner.body.data, 'project', 'issues', 'nodes') as Array<{ iteration: unknown }>).map(
      (n) => dig(n.iteration, 'title') ?? null,
    );
    expect(titles).toEqual([null, 'Private sprint']);
  });
});
