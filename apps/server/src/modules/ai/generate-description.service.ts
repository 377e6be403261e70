import { requireActor } from '../../policy/require-actor';
import { findProject, type IdOrPath } from '../namespaces';
import { findTemplate } from '../templates';
import { chatText } from './ai-chat';
import type { AiContext } from './ai-context';
import { assertIssueAiAllowed, assertMayCreateIssue } from './issue-ai-access';
import type { GenerateDescriptionInput } from './issue-ai-params';
import { generateDescriptionMessage, ISSUE_AI_PROMPTS } from './issue-ai-prompts';

/** How much of a description template goes into the prompt. */
const TEMPLATE_CHARS = 20_000;

/**
 * Drafts a new issue's description from its title and the author's few words (GitLab's
 * `generateDescription` AI action), following the project's description template when one is named.
 * The draft is Markdown text for the description field, never HTML. 404 for a project the caller
 * cannot read (or an unknown template), 403 when they may not create issues there or AI is off for
 * its group, 503 without a provider.
 */
export async function generateIssueDescription(
  ctx: AiContext,
  projectId: IdOrPath,
  input: GenerateDescriptionInput,
): Promise<{ description: string }> {
  const actor = requireActor(ctx.actor);
  const project = await findProject(ctx.db, actor, projectId);
  assertMayCreateIssue(actor, project);
  const provider = await assertIssueAiAllowed(ctx, project);
  const template = input.description_template_name
    ? await findTemplate(ctx.db, actor, { kind: 'project', project }, 'issue', input.description_template_name)
    : null;
  const description = await chatText(
    provider,
    ISSUE_AI_PROMPTS.generateDescription,
    generateDescriptionMessage(input.title, input.content.trim(), template?.content.slice(0, TEMPLATE_CHARS) ?? null),
  );
  return { description };
}
