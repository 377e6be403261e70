import type { Approver } from '@meridian/domain';
import { forbidden } from '../../errors';
import { projectAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { ProjectRow } from '../namespaces';
import { projectSubject } from '../namespaces';

/**
 * GitLab's environment and deployment abilities on a project the actor can already read (findProject
 * answered 404 otherwise): Reporters read environments and deployments, Developers create and change
 * them, Maintainers manage protected environments.
 */
export type DeploymentAbility = 'read' | 'write' | 'admin';

const LEVEL: Record<DeploymentAbility, number> = {
  read: AccessLevel.REPORTER,
  write: AccessLevel.DEVELOPER,
  admin: AccessLevel.MAINTAINER,
};

export function levelOn(actor: Actor | null, project: ProjectRow): number {
  return projectAccessLevel(actor, projectSubject(project));
}

export function mayOnProject(actor: Actor | null, project: ProjectRow, ability: DeploymentAbility): boolean {
  if (actor?.admin) return true;
  return levelOn(actor, project) >= LEVEL[ability];
}

/** 401 anonymous for writes, 403 for a reader without the role. */
export function authorizeOnProject(actor: Actor | null, project: ProjectRow, ability: DeploymentAbility): void {
  if (ability !== 'read') requireActor(actor);
  if (!mayOnProject(actor, project, ability)) throw forbidden();
}

/** What the approval and deploy rules need to know about the actor on this project. */
export function approverOf(actor: Actor, project: ProjectRow): Approver {
  return {
    userId: actor.id,
    admin: actor.admin,
    projectAccessLevel: levelOn(actor, project),
    groupIds: actor.groupMemberships.map((m) => m.groupId),
  };
}
