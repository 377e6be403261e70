import { extractQuickActions, type QuickActionCommand } from '@meridian/domain';
import type { ServiceContext } from '../../service-context';
import { createIssue, type IssueInput, updateIssue } from '../issues';
import type { MergeRequestInput } from '../merge-requests';
import { createMergeRequest, findMergeRequest, updateMergeRequest } from '../merge-requests';
import type { ProjectRow } from '../namespaces';
import { acceptsQuickAction } from './commands/command-table';
import { issueQuickActionTarget } from './issue-command-target';
import { mergeRequestQuickActionTarget } from './mr-command-target';
import { type QuickActionsOutcome, runQuickActions } from './quick-actions.service';

/**
 * The writes that carry quick actions — a new or edited issue or merge request description, a new
 * comment — as
 * GitLab runs them: the commands are removed from the text and run after it is saved. REST and
 * GraphQL call these, never the bare writes, so there is one path per rule.
 */

const isIssueQuickAction = acceptsQuickAction('issue');
const isMergeRequestQuickAction = acceptsQuickAction('merge_request');

/** Runs commands on issue `iid` (404 when missing or unreadable). */
async function runOnIssue(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  commands: readonly QuickActionCommand[],
) {
  return runQuickActions(ctx, await issueQuickActionTarget(ctx.db, ctx.actor, project, iid), commands);
}

/** Runs commands on merge request `iid` (404 when missing or unreadable). */
async function runOnMergeRequest(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  commands: readonly QuickActionCommand[],
) {
  const { db, actor } = ctx;
  const mr = await findMergeRequest(db, actor, project.id, iid);
  return runQuickActions(ctx, await mergeRequestQuickActionTarget(db, actor, project, mr), commands);
}

/** POST /projects/:id/issues: creates the issue without its description's commands, then runs them. */
export async function createIssueWithQuickActions(
  ctx: ServiceContext,
  project: ProjectRow,
  input: IssueInput,
): Promise<number> {
  const { commands, text } = extractQuickActions(input.description ?? '', isIssueQuickAction);
  if (commands.length === 0) return createIssue(ctx, project, input);
  const iid = await createIssue(ctx, project, { ...input, description: text });
  await runOnIssue(ctx, project, iid, commands);
  return iid;
}

/** PUT /projects/:id/issues/:iid and GraphQL updateIssue: the same for a new description. */
export async function updateIssueWithQuickActions(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  input: IssueInput,
): Promise<void> {
  const { commands, text } = extractQuickActions(input.description ?? '', isIssueQuickAction);
  if (commands.length === 0) return updateIssue(ctx, project, iid, input);
  await updateIssue(ctx, project, iid, { ...input, description: text });
  await runOnIssue(ctx, project, iid, commands);
}

/** POST /projects/:id/merge_requests: the same for a merge request (its commands only). */
export async function createMergeRequestWithQuickActions(
  ctx: ServiceContext,
  project: ProjectRow,
  input: MergeRequestInput,
): Promise<number> {
  const { commands, text } = extractQuickActions(input.description ?? '', isMergeRequestQuickAction);
  if (commands.length === 0) return createMergeRequest(ctx, project, input);
  const iid = await createMergeRequest(ctx, project, { ...input, description: text });
  await runOnMergeRequest(ctx, project, iid, commands);
  return iid;
}

/** PUT /projects/:id/merge_requests/:iid: the same for a merge request's new description. */
export async function updateMergeRequestWithQuickActions(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  input: MergeRequestInput,
): Promise<void> {
  const { commands, text } = extractQuickActions(input.description ?? '', isMergeRequestQuickAction);
  if (commands.length === 0) return updateMergeRequest(ctx, project, iid, input);
  await updateMergeRequest(ctx, project, iid, { ...input, description: text });
  await runOnMergeRequest(ctx, project, iid, commands);
}

/** GitLab's 202 answer for a comment made only of commands (`Entities::NoteCommands`). */
export function presentCommandsOnly(outcome: QuickActionsOutcome | undefined) {
  if (!outcome) return { commands_changes: {}, summary: ['Failed to apply commands.'] };
  return {
    commands_changes: outcome.changes,
    summary: [outcome.messages.length ? outcome.messages.join(' ') : 'Failed to apply commands.'],
  };
}

/** A stored comment as answered (201): GitLab's Note entity says what the comment's commands changed. */
export function withCommandsChanges<T extends object>(
  note: T,
  commands: QuickActionsOutcome | undefined,
): T & { commands_changes: Record<string, unknown> } {
  return { ...note, commands_changes: commands?.changes ?? {} };
}
