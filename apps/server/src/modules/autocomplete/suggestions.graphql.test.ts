import { beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { buildSuggestionWorld, type SuggestionWorld } from '../../test/suggestion-world';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();
let w: SuggestionWorld;
type Who = keyof SuggestionWorld['tok'];

async function query(document: string, variables: Record<string, unknown>, who?: Who) {
  const res = await gql(t.app, document, variables, who ? w.tok[who] : undefined);
  expect(res.status).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

beforeAll(async () => {
  w = await buildSuggestionWorld(t);
  for (const name of ['Alpha', 'Beta', 'Gamma'])
    await createGroup(t.db, { path: `${name.toLowerCase()}-team`, name: `Team ${name}`, parentId: w.subId });
});
const SEARCH_ITERATIONS = `query ($fullPath: ID!, $search: String, $id: ID, $state: IterationState, $in: [IterationSearchableField!]) {
  group(fullPath: $fullPath) {
    iterations(search: $search, in: $in, id: $id, state: $state, includeAncestors: true, sort: CADENCE_AND_DUE_DATE_DESC) {
      nodes { id iid title startDate dueDate state webUrl iterationCadence { id title } }
    }
  }
}`;

describe('RF-5 iterations', () => {
  const titles = (data: unknown, root = 'group') =>
    (dig(data, root, 'iterations', 'nodes') as Array<{ title: string | null }>).map((n) => n.title);

  it('lists the group’s and its ancestors’ iterations by cadence then due date, latest first', async () => {
    const data = await query(SEARCH_ITERATIONS, { fullPath: 'sgacme/sub' }, 'dev');
    expect(titles(data)).toEqual([null, 'Sprint next', 'Sprint now', 'Sprint past']);
    const nodes = dig(data, 'group', 'iterations', 'nodes') as Array<Record<string, unknown>>;
    expect(nodes[1]).toMatchObject({
      iid: '3',
      title: 'Sprint next',
      state: 'upcoming',
      iterationCadence: { title: 'Sprint cadence' },
    });
    expect(String(nodes[1]?.id)).toMatch(/^gid:\/\/gitlab\/Iteration\/\d+$/);
    expect(String(nodes[1]?.webUrl)).toMatch(/\/groups\/sgacme\/-\/iterations\/\d+$/);
  });

  it('filters by search (title or cadence title), in, state and id', async () => {
    expect(titles(await query(SEARCH_ITERATIONS, { fullPath: 'sgacme/sub', search: 'alpha' }, 'dev'))).toEqual([null]);
    expect(
      titles(await query(SEARCH_ITERATIONS, { fullPath: 'sgacme/sub', search: 'alpha', in: ['TITLE'] }, 'dev')),
    ).toEqual([]);
    expect(titles(await query(SEARCH_ITERATIONS, { fullPath: 'sgacme', state: 'opened' }, 'dev'))).toEqual([
      'Sprint next',
      'Sprint now',
    ]);
    const all = dig(await query(SEARCH_ITERATIONS, { fullPath: 'sgacme' }, 'dev'), 'group', 'iterations', 'nodes');
    const now = (all as Array<{ id: string; title: string }>).find((n) => n.title === 'Sprint now');
    expect(titles(await query(SEARCH_ITERATIONS, { fullPath: 'sgacme', id: now?.id }, 'dev'))).toEqual(['Sprint now']);
    const bad = await gql(t.app, SEARCH_ITERATIONS, { fullPath: 'sgacme', id: 'gid://gitlab/Epic/1' }, w.tok.dev);
    expect(bad.body.errors?.[0]?.message).toContain('id');
  });

  it('serves project iterations from its groups, and hides private groups', async () => {
    const data = await query(
      `query ($fullPath: ID!) { project(fullPath: $fullPath) { iterations(state: opened) { nodes { title } } } }`,
      { fullPath: 'sgacme/sub/api' },
      'dev',
    );
    expect(titles(data, 'project')).toEqual([null, 'Sprint next', 'Sprint now']);
    expect(dig(await query(SEARCH_ITERATIONS, { fullPath: 'sgacme' }, 'outsider'), 'group')).toBeNull();
    expect(dig(await query(SEARCH_ITERATIONS, { fullPath: 'sgacme' }), 'group')).toBeNull();
  });
});

describe('RF-6 autocompleteUsers', () => {
  const USERS = `query ($fullPath: ID!, $search: String, $isProject: Boolean = false) {
    group(fullPath: $fullPath) @skip(if: $isProject) { id autocompleteUsers(search: $search) { id name username avatarUrl webUrl } }
    project(fullPath: $fullPath) @include(if: $isProject) { id autocompleteUsers(search: $search) { id name username avatarUrl webUrl } }
  }`;
  const names = (data: unknown, root: string) =>
    (dig(data, root, 'autocompleteUsers') as Array<{ username: string }>).map((u) => u.username);

  it('lists active members of the group or project', async () => {
    expect(names(await query(USERS, { fullPath: 'sgacme' }, 'dev'), 'group')).toEqual([
      'sg_dev',
      'sg_guest',
      'sg_percent',
      'sg_owner',
      'sg_rep',
    ]);
    expect(names(await query(USERS, { fullPath: 'sgacme', search: 'rita' }, 'dev'), 'group')).toEqual(['sg_rep']);
    const project = await query(USERS, { fullPath: 'sgacme/sub/api', isProject: true, search: 'pia' }, 'dev');
    expect(dig(project, 'project', 'autocompleteUsers')).toEqual([
      {
        id: `gid://gitlab/User/${w.uid.projOnly}`,
        name: 'Pia Project',
        username: 'sg_projonly',
        avatarUrl: null,
        webUrl: 'http://localhost:3000/sg_projonly',
      },
    ]);
    expect(dig(await query(USERS, { fullPath: 'sgacme' }, 'outsider'), 'group')).toBeNull();
  });
});

describe('RF-7 epic search', () => {
  const EPICS = `query ($fullPath: ID!, $search: String, $state: EpicState) {
    group(fullPath: $fullPath) {
      epics(search: $search, state: $state, includeAncestorGroups: true, includeDescendantGroups: false) {
        nodes { iid title }
      }
    }
  }`;
  const titles = (data: unknown) =>
    (dig(data, 'group', 'epics', 'nodes') as Array<{ title: string }>).map((e) => e.title).sort();

  it('includes ancestor groups, excludes descendants and confidential epics the user may not see', async () => {
    expect(titles(await query(EPICS, { fullPath: 'sgacme/sub' }, 'rep'))).toEqual([
      'Closed beta',
      'Confidential plan',
      'Roadmap alpha',
      'Sub epic',
    ]);
    expect(titles(await query(EPICS, { fullPath: 'sgacme/sub' }, 'guest'))).toEqual([
      'Closed beta',
      'Roadmap alpha',
      'Sub epic',
    ]);
    expect(titles(await query(EPICS, { fullPath: 'sgacme', search: 'alpha', state: 'opened' }, 'rep'))).toEqual([
      'Roadmap alpha',
    ]);
    expect(titles(await query(EPICS, { fullPath: 'sgacme', state: 'closed' }, 'rep'))).toEqual(['Closed beta']);
  });
});

describe('RF-8 getSubGroups', () => {
  const SUBGROUPS = `query ($fullPath: ID!, $search: String, $after: String, $first: Int) {
    group(fullPath: $fullPath) {
      id
      descendantGroups(search: $search, after: $after, first: $first) {
        nodes { id name fullName fullPath webUrl }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

  it('pages through the readable descendant groups with search', async () => {
    const first = await query(SUBGROUPS, { fullPath: 'sgacme', first: 2 }, 'dev');
    const nodes = dig(first, 'group', 'descendantGroups', 'nodes') as Array<{ fullPath: string }>;
    expect(nodes.map((n) => n.fullPath)).toEqual(['sgacme/sub', 'sgacme/sub/alpha-team']);
    expect(dig(first, 'group', 'descendantGroups', 'pageInfo', 'hasNextPage')).toBe(true);
    const after = dig(first, 'group', 'descendantGroups', 'pageInfo', 'endCursor');
    const second = await query(SUBGROUPS, { fullPath: 'sgacme', first: 2, after }, 'dev');
    expect(
      (dig(second, 'group', 'descendantGroups', 'nodes') as Array<{ fullPath: string }>).map((n) => n.fullPath),
    ).toEqual(['sgacme/sub/beta-team', 'sgacme/sub/gamma-team']);
    const searched = await query(SUBGROUPS, { fullPath: 'sgacme', search: 'beta' }, 'dev');
    expect(dig(searched, 'group', 'descendantGroups', 'nodes')).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/gitlab\/Group\/\d+$/),
        name: 'Team Beta',
        fullName: 'SG Acme / Sub / Team Beta',
        fullPath: 'sgacme/sub/beta-team',
        webUrl: 'http://localhost:3000/groups/sgacme/sub/beta-team',
      },
    ]);
    expect(dig(await query(SUBGROUPS, { fullPath: 'sgacme' }, 'outsider'), 'group')).toBeNull();
  });
});
