import { beforeAll } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { createGroup, createGroupMembers, createProject, createToken, createUser } from './factories';
import { useTestApp } from './use-test-app';

/** Who the epic mutation tests act as. */
export type Role = 'owner' | 'reporter' | 'planner' | 'guest' | 'stranger' | 'anonymous';

/** GitLab's one top-level error for a target that is hidden, missing or not the caller's to change. */
export const NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

/**
 * The world of the roadmap's writes (epic-tree-reorder / epic-update .graphql.test.ts): group mt
 * (with subgroup sub) holding the epic tree below, its members by role, and epic X in a private
 * group mtx. `epicGid` and `linkGid` name an epic or an epic–issue link as a GraphQL global id.
 */
export function useEpicMutationsWorld() {
  const t = useTestApp();
  /** Tokens by role: owner, reporter, planner and guest of group mt, and a stranger; anonymous has none. */
  const tokens: Partial<Record<Role, string>> = {};
  /** Epic ids by name. B is the base; C1…C4 its children (C4 confidential); G a child of C1; O, O1 another tree; X in a private group. */
  const e: Record<string, number> = {};
  /** epic_issues ids: I1, I2, I3 in B; I4 in C1. */
  const link: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.db;
    const group = await createGroup(db, { path: 'mt', name: 'Mutations' });
    const sub = await createGroup(db, { path: 'sub', parentId: group.id });
    const hidden = await createGroup(db, { path: 'mtx', name: 'Hidden' });
    const members = await createGroupMembers(db, group.id, 'mt-', [
      ['owner', AccessLevel.OWNER],
      ['reporter', AccessLevel.REPORTER],
      ['planner', AccessLevel.PLANNER],
      ['guest', AccessLevel.GUEST],
    ]);
    Object.assign(tokens, members.tokens);
    tokens.stranger = await createToken(db, (await createUser(db, { username: 'mt-stranger' })).id);

    const epic = async (
      name: string,
      iid: number,
      attrs: { parent?: string; position?: number; confidential?: boolean; groupId?: number } = {},
    ) => {
      const row = await db
        .insertInto('epics')
        .values({
          group_id: attrs.groupId ?? group.id,
          iid,
          title: name,
          parent_id: attrs.parent ? e[attrs.parent] : null,
          relative_position: attrs.position ?? null,
          confidential: attrs.confidential ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      e[name] = row.id;
    };
    await epic('B', 1);
    await epic('C1', 2, { parent: 'B', position: 100 });
    await epic('C2', 3, { parent: 'B', position: 200, groupId: sub.id });
    await epic('C3', 4, { parent: 'B', position: 300 });
    await epic('C4', 5, { parent: 'B', position: 400, confidential: true });
    await epic('G', 6, { parent: 'C1', position: 0 });
    await epic('O', 7);
    await epic('O1', 8, { parent: 'O', position: 0 });
    await epic('X', 1, { groupId: hidden.id });

    const project = await createProject(db, { namespaceId: group.id, path: 'app' });
    const issues = await db
      .insertInto('issues')
      .values([1, 2, 3, 4].map((iid) => ({ project_id: project.id, iid, title: `I${iid}` })))
      .returning('id')
      .execute();
    for (const [i, name] of ['I1', 'I2', 'I3', 'I4'].entries()) {
      const row = await db
        .insertInto('epic_issues')
        .values({
          epic_id: (name === 'I4' ? e.C1 : e.B) as number,
          issue_id: issues[i]?.id as number,
          relative_position: (i + 1) * 10,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      link[name] = row.id;
    }
  });

  const epicGid = (name: string) => `gid://gitlab/Epic/${e[name]}`;
  const linkGid = (name: string) => `gid://gitlab/EpicIssue/${link[name]}`;
  return { t, tokens, e, link, epicGid, linkGid };
}
