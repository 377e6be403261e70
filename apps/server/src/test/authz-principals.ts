import type { Database } from '../db/connection';
import { AccessLevel, type Visibility } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from './factories';

/** The authorization world's principals and the spaces (a group with its project) they act in. */

export const principalNames = [
  'anonymous',
  'non_member',
  'guest',
  'planner',
  'reporter',
  'developer',
  'maintainer',
  'owner',
  'admin',
  'author',
  'assignee',
  'blocked',
] as const;
export type PrincipalName = (typeof principalNames)[number];

export const visibilities = ['public', 'internal', 'private'] as const;
export type Vis = (typeof visibilities)[number];
const visibilityLevel: Record<Vis, (typeof Visibility)[keyof typeof Visibility]> = {
  public: 20,
  internal: 10,
  private: 0,
};

/** Group role of each member principal (author and assignee are Guests who wrote / were given the issue). */
const roles: Partial<Record<PrincipalName, number>> = {
  guest: AccessLevel.GUEST,
  planner: AccessLevel.PLANNER,
  reporter: AccessLevel.REPORTER,
  developer: AccessLevel.DEVELOPER,
  maintainer: AccessLevel.MAINTAINER,
  owner: AccessLevel.OWNER,
  author: AccessLevel.GUEST,
  assignee: AccessLevel.GUEST,
  // A blocked user keeps a strong role: the block alone must shut them out.
  blocked: AccessLevel.MAINTAINER,
};

export interface Principal {
  name: PrincipalName;
  user: { id: number; username: string; admin: boolean } | null;
  token: string | null;
}

export interface Space {
  vis: Vis;
  visibilityLevel: number;
  group: { id: number; path: string; traversalIds: number[] };
  project: { id: number; path: string; fullPath: string };
  /** The Owner principal's user id (the billable member the billing cells ask about). */
  ownerId: number;
}

/** A user (with a token) per principal but the anonymous one; usernames end in `tag`. */
export async function createPrincipals(db: Database, tag: string): Promise<Record<PrincipalName, Principal>> {
  const principals = {} as Record<PrincipalName, Principal>;
  for (const name of principalNames) {
    if (name === 'anonymous') {
      principals[name] = { name, user: null, token: null };
      continue;
    }
    const user = await createUser(db, {
      username: `az_${name}_${tag}`,
      admin: name === 'admin',
      state: name === 'blocked' ? 'blocked' : 'active',
    });
    principals[name] = {
      name,
      user: { id: user.id, username: user.username, admin: user.admin },
      token: await createToken(db, user.id),
    };
  }
  return principals;
}

/** A group of visibility `vis` with project `app`, every member principal in it at its role. */
export async function createSpace(
  db: Database,
  principals: Record<PrincipalName, Principal>,
  vis: Vis,
  purpose: string,
  tag: string,
): Promise<Space> {
  const level = visibilityLevel[vis];
  const group = await createGroup(db, { path: `az-${purpose}-${vis}-${tag}`, visibility: level });
  const project = await createProject(db, { namespaceId: group.id, path: 'app', visibility: level });
  for (const [name, role] of Object.entries(roles)) {
    const user = principals[name as PrincipalName].user;
    if (user && role) await addGroupMember(db, group.id, user.id, role);
  }
  return {
    vis,
    visibilityLevel: level,
    group: { id: group.id, path: group.path, traversalIds: group.traversal_ids },
    project: { id: project.id, path: project.path, fullPath: `${group.path}/${project.path}` },
    ownerId: principals.owner.user?.id ?? 0,
  };
}
