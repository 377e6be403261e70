import { expect, it } from 'vitest';
import type { Actor } from '../policy/actor';
import type { GroupSubject, ProjectSubject } from '../policy/subjects';

/*
 * The policy matrix. Every cell is an explicit expectation: 'Y' = allowed, '.' = denied, one
 * character per ability in the order of the ability list named above each table, one string per
 * visibility (private, internal, public).
 *
 * The world: group P (id 1) ⊃ group G (id 2) ⊃ subgroup S (id 3); project X (id 10) in G.
 * Role rows are memberships on G (inherited by X), except:
 *   parentDev   – Developer on P only (inherits down to G and X)
 *   subOnlyDev  – Developer on S only (may see G, as GitLab shows ancestors, but gains no role on G or X)
 *   projectDev  – Developer directly on project X only
 *   author / assignee – a signed-in non-member who wrote / is assigned the issue (user 100)
 *
 * `check` turns one table into one test per role and visibility; the abilities-*.test.ts files under
 * src/policy/ hold the tables.
 */
export type Role =
  | 'anonymous'
  | 'nonMember'
  | 'guest'
  | 'planner'
  | 'reporter'
  | 'developer'
  | 'maintainer'
  | 'owner'
  | 'admin'
  | 'parentDev'
  | 'subOnlyDev'
  | 'projectDev'
  | 'author'
  | 'assignee';
export type Row = readonly [private_: string, internal: string, public_: string];
const visibilities = [
  ['private', 0],
  ['internal', 10],
  ['public', 20],
] as const;

export const USER = 100;
const P = { id: 1, traversalIds: [1] };
const G = { id: 2, traversalIds: [1, 2] };
const S = { id: 3, traversalIds: [1, 2, 3] };
const X_ID = 10;

export function actorFor(role: Role): Actor | null {
  if (role === 'anonymous') return null;
  const base: Actor = {
    id: USER,
    username: 'u',
    admin: false,
    scopes: null,
    groupMemberships: [],
    projectMemberships: [],
  };
  const onG = (accessLevel: number): Actor => ({
    ...base,
    groupMemberships: [{ groupId: G.id, traversalIds: G.traversalIds, accessLevel }],
  });
  switch (role) {
    case 'nonMember':
    case 'author':
    case 'assignee':
      return base;
    case 'guest':
      return onG(10);
    case 'planner':
      return onG(15);
    case 'reporter':
      return onG(20);
    case 'developer':
      return onG(30);
    case 'maintainer':
      return onG(40);
    case 'owner':
      return onG(50);
    case 'admin':
      return { ...base, admin: true };
    case 'parentDev':
      return { ...base, groupMemberships: [{ groupId: P.id, traversalIds: P.traversalIds, accessLevel: 30 }] };
    case 'subOnlyDev':
      return { ...base, groupMemberships: [{ groupId: S.id, traversalIds: S.traversalIds, accessLevel: 30 }] };
    case 'projectDev':
      return {
        ...base,
        projectMemberships: [{ projectId: X_ID, namespaceTraversalIds: G.traversalIds, accessLevel: 30 }],
      };
  }
}

/** G with GitLab's default creation levels unless others are given. */
export const groupG = (
  visibilityLevel: number,
  levels: Pick<GroupSubject, 'projectCreationLevel' | 'subgroupCreationLevel'> = {},
): GroupSubject => ({
  kind: 'group',
  id: G.id,
  traversalIds: G.traversalIds,
  visibilityLevel,
  projectCreationLevel: levels.projectCreationLevel ?? 'developer',
  subgroupCreationLevel: levels.subgroupCreationLevel ?? 'maintainer',
});
export const projectX = (visibilityLevel: number): ProjectSubject => ({
  kind: 'project',
  id: X_ID,
  namespaceTraversalIds: G.traversalIds,
  visibilityLevel,
});

export function check<A extends string>(
  abilities: readonly A[],
  table: Partial<Record<Role, Row>>,
  decide: (actor: Actor | null, ability: A, visibility: number, role: Role) => boolean,
) {
  const cases = Object.entries(table).flatMap(([role, row]) =>
    visibilities.map(([visName, vis], i) => ({ role: role as Role, visName, vis, expected: (row as Row)[i] })),
  );
  it.each(cases)('$role on a $visName subject: $expected', ({ role, vis, expected }) => {
    const actor = actorFor(role);
    const actual = abilities.map((a) => (decide(actor, a, vis, role) ? 'Y' : '.')).join('');
    expect(actual).toBe(expected);
  });
}
