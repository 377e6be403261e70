import { forbidden } from '../../errors';
import { projectAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { type ProjectRow, projectSubject } from '../namespaces';

/**
 * Who may do what with a project's external status checks, on a project the caller can already
 * read (findProject answered 404 otherwise). GitLab authenticates every status check call (401
 * anonymous); Maintainers manage the checks (`manage_merge_request_settings`), Developers list a
 * merge request's checks, answer them and retry failed ones (`approve_merge_request`,
 * `provide_status_check_response`, `retry_failed_status_checks`).
 */
export type StatusCheckAbility = 'manage' | 'use';

const LEVEL: Record<StatusCheckAbility, number> = {
  manage: AccessLevel.MAINTAINER,
  use: AccessLevel.DEVELOPER,
};

/** 401 anonymous, 403 a caller who sees the project without the role. */
export function authorizeStatusChecks(actor: Actor | null, project: ProjectRow, ability: StatusCheckAbility): Actor {
  const me = requireActor(actor);
  if (!me.admin && projectAccessLevel(me, projectSubject(project)) < LEVEL[ability]) throw forbidden();
  return me;
}
