import { extractQuickActions, type QuickActionCommand } from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
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
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  commands: readonly QuickActionCommand[],
) {
  const me = requireActor(actor);
  return runQuickActions(db, await issueQuickActionTarget(db, me, project, iid), commands);
}

/** Runs commands on merge request `iid` (404 when missing or unreadable). */
async function runOnMergeRequest(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  commands: readonly QuickActionCommand[],
) {
  const me = requireActor(actor);
  const mr = await findMergeRequest(db, me, project.id, iid);
  return runQuickActions(db, await mergeRequestQuickActionTarget(db, me, project, mr), commands);
}

/** POST /projects/:id/issues: creates the issue without its description's commands, then runs them. */
export async function createIssueWithQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  input: IssueInput,
): Promise<number> {
  const { commands, text } = extractQuickActions(input.description ?? '', isIssueQuickAction);
  if (commands.length === 0) return createIssue(db, actor, project, input);
  const iid = await createIssue(db, actor, project, { ...input, description: text });
  await runOnIssue(db, actor, project, iid, commands);
  return iid;
}

/** PUT /projects/:id/issues/:iid and GraphQL updateIssue: the same for a new description. */
export async function updateIssueWithQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  input: IssueInput,
): Promise<void> {
  const { commands, text } = extractQuickActions(input.description ?? '', isIssueQuickAction);
  if (commands.length === 0) return updateIssue(db, actor, project, iid, input);
  await updateIssue(db, actor, project, iid, { ...input, description: text });
  await runOnIssue(db, actor, project, iid, commands);
}

/** POST /projects/:id/merge_requests: the same for a merge request (its commands only). */
export async function createMergeRequestWithQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  input: MergeRequestInput,
): Promise<number> {
  const { commands, text } = extractQuickActions(input.description ?? '', isMergeRequestQuickAction);
  if (commands.length === 0) return createMergeRequest(db, actor, project, input);
  const iid = await createMergeRequest(db, actor, project, { ...input, description: text });
  await runOnMergeRequest(db, actor, project, iid, commands);
  return iid;
}

/** PUT /projects/:id/merge_requests/:iid: the same for a merge request's new description. */
export async function updateMergeRequestWithQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  input: MergeRequestInput,
): Promise<void> {
  const { commands, text } = extractQuickActions(input.description ?? '', isMergeRequestQuickAction);
  if (commands.length === 0) return updateMergeRequest(db, actor, project, iid, input);
  await updateMergeRequest(db, actor, project, iid, { ...input, description: text });
  await runOnMergeRequest(db, actor, project, iid, commands);
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
