import { canProject } from '../../policy/abilities';
import { projectIssueSubject } from '../issues';
import { findProject, type IdOrPath } from '../namespaces';
import type { AiContext } from './ai-context';
import { projectAllowsAi } from './issue-ai-access';

/** Which issue AI features the caller may use in a project (the web shows a button for each). */
export interface IssueAiFeatures {
  summarize_comments: boolean;
  generate_description: boolean;
  suggest_labels: boolean;
}

const NONE: IssueAiFeatures = { summarize_comments: false, generate_description: false, suggest_labels: false };

/**
 * The issue AI features available to the caller in a project: none when signed out, without a
 * provider, or when AI is off for the project's group or the instance; the drafting ones only to
 * who may create issues there. 404 for a project the caller cannot read.
 */
export async function issueAiFeatures(ctx: AiContext, projectId: IdOrPath): Promise<IssueAiFeatures> {
  const project = await findProject(ctx.db, ctx.actor, projectId);
  if (!ctx.actor || !ctx.provider || !(await projectAllowsAi(ctx.db, project))) return NONE;
  const drafts = canProject(ctx.actor, 'create_issue', projectIssueSubject(project));
  return { summarize_comments: true, generate_description: drafts, suggest_labels: drafts };
}
