import type { Database } from '../../db/connection';
import { forbidden } from '../../errors';
import { canProject, forbiddenMessage } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { namespaceAllowsAi } from '../groups';
import { projectIssueSubject } from '../issues';
import type { ProjectRow } from '../namespaces';
import { requireProvider } from './ai-access';
import type { AiContext } from './ai-context';
import type { AiProvider } from './ai-provider';

export const aiTurnedOffMessage = (project: Pick<ProjectRow, 'full_path'>) =>
  `403 Forbidden - AI features are turned off for ${project.full_path}: GitLab Duo is not available in its group, or the instance switch duo_features_enabled is off`;

/** Whether the project's group (or the instance) lets AI features run on its issues. */
export function projectAllowsAi(db: Database, project: ProjectRow): Promise<boolean> {
  return namespaceAllowsAi(db, { id: project.namespace_id, traversal_ids: project.namespace_traversal_ids });
}

/**
 * The gate of an issue AI feature, after the project or issue was read through the policy (404):
 * 403 naming the project when its group or the instance turned AI off, then 503 without a provider.
 */
export async function assertIssueAiAllowed(ctx: AiContext, project: ProjectRow): Promise<AiProvider> {
  if (!(await projectAllowsAi(ctx.db, project))) throw forbidden(aiTurnedOffMessage(project));
  return requireProvider(ctx.provider);
}

/** The features that draft a new issue ask what creating one asks (403 otherwise). */
export function assertMayCreateIssue(actor: Actor, project: ProjectRow): void {
  const subject = projectIssueSubject(project);
  if (!canProject(actor, 'create_issue', subject)) throw forbidden(forbiddenMessage(subject));
}
