import { projectReferenceContext } from '@meridian/domain';
import { unprocessable } from '../../errors';
import { renderMarkdown } from '../../markdown/render-markdown';
import { requireActor } from '../../policy/require-actor';
import { findIssue } from '../issues';
import { redactReferencesIn } from '../markdown';
import { findProject, type IdOrPath } from '../namespaces';
import { issueNoteableOf, loadUsers, readableComments } from '../notes';
import { chatText } from './ai-chat';
import type { AiContext } from './ai-context';
import { assertIssueAiAllowed } from './issue-ai-access';
import { ISSUE_AI_PROMPTS, summarizeCommentsMessage } from './issue-ai-prompts';

/** The newest comments summarised, each cut at `COMMENT_CHARS`, all of them at `PROMPT_CHARS`. */
const MAX_COMMENTS = 100;
const COMMENT_CHARS = 4_000;
const PROMPT_CHARS = 60_000;

export interface CommentsSummary {
  /** The provider's Markdown, untrusted: shown through `summary_html` or as text. */
  summary: string;
  /** `summary` rendered and sanitised by the Markdown renderer, references redacted for the reader. */
  summary_html: string;
  /** How many comments went into the summary. */
  comments_count: number;
}

/**
 * Summarises an issue's discussion (GitLab's `summarizeComments` AI action): the comments the
 * caller may read — never internal notes they may not see, nor a banned author's — newest first
 * up to the caps, sent oldest first. 404 for an issue they cannot read, 403 when AI is off for
 * its group, 503 without a provider, 422 when it has no comments.
 */
export async function summarizeIssueComments(
  ctx: AiContext,
  projectId: IdOrPath,
  iid: number,
): Promise<CommentsSummary> {
  const actor = requireActor(ctx.actor);
  const project = await findProject(ctx.db, actor, projectId);
  const issue = await findIssue(ctx.db, actor, project.id, iid);
  const provider = await assertIssueAiAllowed(ctx, project);
  const notes = await readableComments(ctx.db, actor, await issueNoteableOf(ctx.db, issue, project), MAX_COMMENTS);
  if (notes.length === 0) throw unprocessable('422 The issue has no comments to summarize');
  const users = await loadUsers(
    ctx.db,
    notes.map((n) => n.author_id),
  );
  const comments = notes.map((n) => ({
    author: `@${(n.author_id !== null && users.get(n.author_id)?.username) || 'ghost'}`,
    createdAt: n.created_at.toISOString(),
    body: n.note.slice(0, COMMENT_CHARS),
  }));
  // The oldest go first when the whole would be too long: the recent discussion matters most.
  while (comments.length > 1 && summarizeCommentsMessage(issue.title, comments).length > PROMPT_CHARS) {
    comments.shift();
  }
  const summary = await chatText(
    provider,
    ISSUE_AI_PROMPTS.summarizeComments,
    summarizeCommentsMessage(issue.title, comments),
  );
  const html = renderMarkdown(summary, projectReferenceContext(project));
  return {
    summary,
    summary_html: await redactReferencesIn(ctx.db, actor, html),
    comments_count: comments.length,
  };
}
