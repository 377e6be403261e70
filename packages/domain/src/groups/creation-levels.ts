/**
 * Who may create projects and subgroups in a group: GitLab's `project_creation_level` and
 * `subgroup_creation_level` group settings, with GitLab's values and rules (its GroupPolicy):
 * - projects: `noone` stops everyone, administrators too; `administrator` lets only administrators;
 *   otherwise administrators always may, and members from the named role up (`owner`, `maintainer`,
 *   `developer`);
 * - subgroups: Owners always may (and administrators); Maintainers too when the level is `maintainer`.
 * `accessLevel` is the member's role number as GitLab's (Developer 30, Maintainer 40, Owner 50).
 */
export const PROJECT_CREATION_LEVELS = ['noone', 'owner', 'maintainer', 'developer', 'administrator'] as const;
export type ProjectCreationLevel = (typeof PROJECT_CREATION_LEVELS)[number];

export const SUBGROUP_CREATION_LEVELS = ['owner', 'maintainer'] as const;
export type SubgroupCreationLevel = (typeof SUBGROUP_CREATION_LEVELS)[number];

const DEVELOPER = 30;
const MAINTAINER = 40;
const OWNER = 50;

const LEAST_ROLE: Record<'owner' | 'maintainer' | 'developer', number> = {
  owner: OWNER,
  maintainer: MAINTAINER,
  developer: DEVELOPER,
};

export interface Creator {
  accessLevel: number;
  admin: boolean;
}

export function mayCreateProject(level: ProjectCreationLevel, { accessLevel, admin }: Creator): boolean {
  if (level === 'noone') return false;
  if (admin) return true;
  if (level === 'administrator') return false;
  return accessLevel >= LEAST_ROLE[level];
}

export function mayCreateSubgroup(level: SubgroupCreationLevel, { accessLevel, admin }: Creator): boolean {
  return admin || accessLevel >= LEAST_ROLE[level];
}

export function isProjectCreationLevel(value: unknown): value is ProjectCreationLevel {
  return typeof value === 'string' && (PROJECT_CREATION_LEVELS as readonly string[]).includes(value);
}

export function isSubgroupCreationLevel(value: unknown): value is SubgroupCreationLevel {
  return typeof value === 'string' && (SUBGROUP_CREATION_LEVELS as readonly string[]).includes(value);
}
