import type { Database } from '../db/connection';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, addProjectMember, createGroup, createProject } from './factories';

/** Access level by user name (a name of `uid`). */
export type NamedMembers = Record<string, number>;

/** One member per role below Owner, each user named by the role. */
export const MEMBER_PER_ROLE: NamedMembers = {
  maint: AccessLevel.MAINTAINER,
  dev: AccessLevel.DEVELOPER,
  reporter: AccessLevel.REPORTER,
  guest: AccessLevel.GUEST,
};

/** One group of a test file's table of groups. */
export interface NamedGroup {
  path: string;
  name?: string;
  visibility?: 0 | 10 | 20;
  /** The key of a group listed before this one. */
  parent?: string;
  members?: NamedMembers;
}

/** One project of a test file's table of projects. */
export interface NamedProject {
  path: string;
  name?: string;
  visibility?: 0 | 10 | 20;
  /** The key of its group. */
  group: string;
  members?: NamedMembers;
}

function userIdOf(uid: Record<string, number>, name: string, owner: string): number {
  const id = uid[name];
  if (id === undefined) throw new Error(`${owner}: no user named ${name}`);
  return id;
}

function groupIdOf(gid: Record<string, number>, key: string, owner: string): number {
  const id = gid[key];
  if (id === undefined) throw new Error(`${owner}: group ${key} is not listed before it`);
  return id;
}

/** Makes `groups` in order, each with its members (found in `uid` by name); fills `gid` by key. */
export async function createNamedGroups(
  db: Database,
  groups: Record<string, NamedGroup>,
  uid: Record<string, number>,
  gid: Record<string, number>,
): Promise<void> {
  for (const [key, { parent, members = {}, ...attrs }] of Object.entries(groups)) {
    const parentId = parent === undefined ? null : groupIdOf(gid, parent, `group ${key}`);
    const group = await createGroup(db, { ...attrs, parentId });
    for (const [name, level] of Object.entries(members)) {
      await addGroupMember(db, group.id, userIdOf(uid, name, `group ${key}`), level);
    }
    gid[key] = group.id;
  }
}

/** Makes `projects` in order in their groups (keys of `gid`), each with its members; fills `pid` by key. */
export async function createNamedProjects(
  db: Database,
  projects: Record<string, NamedProject>,
  uid: Record<string, number>,
  gid: Record<string, number>,
  pid: Record<string, number>,
): Promise<void> {
  for (const [key, { group, members = {}, ...attrs }] of Object.entries(projects)) {
    const project = await createProject(db, { ...attrs, namespaceId: groupIdOf(gid, group, `project ${key}`) });
    for (const [name, level] of Object.entries(members)) {
      await addProjectMember(db, project.id, userIdOf(uid, name, `project ${key}`), level);
    }
    pid[key] = project.id;
  }
}
