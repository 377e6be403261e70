import { extractQuickActions, type QuickActionCommand } from '@meridian/domain';
import type { ServiceContext } from '../../service-context';
import { createIssue, type IssueInput, updateIssue } from '../issues';
import type { MergeRequestInput } from '../merge-requests';
import { createMergeRequest, findMergeRequest, updateMergeRequest } from '../merge-requests';
import type { ProjectRow } from '../namespaces';
import { acceptsQuickAction } from './commands/command-table';
import type { QuickActionTargetAdapter } from './commands/command-target-adapter';
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

/** One kind's description writes, the commands it accepts, and its saved item `iid` as a target. */
interface DescriptionWrites<I extends { description?: string }> {
  accepts: (name: QuickActionCommand['name']) => boolean;
  create: (ctx: ServiceContext, project: ProjectRow, input: I) => Promise<number>;
  update: (ctx: ServiceContext, project: ProjectRow, iid: number, input: I) => Promise<void>;
  /** 404 when missing or unreadable. */
  target: (ctx: ServiceContext, project: ProjectRow, iid: number) => Promise<QuickActionTargetAdapter>;
}

const ISSUE_WRITES: DescriptionWrites<IssueInput> = {
  accepts: isIssueQuickAction,
  create: createIssue,
  update: updateIssue,
  target: ({ db, actor }, project, iid) => issueQuickActionTarget(db, actor, project, iid),
};

const MERGE_REQUEST_WRITES: DescriptionWrites<MergeRequestInput> = {
  accepts: isMergeRequestQuickAction,
  create: createMergeRequest,
  update: updateMergeRequest,
  target: async ({ db, actor }, project, iid) =>
    mergeRequestQuickActionTarget(db, actor, project, await findMergeRequest(db, actor, project.id, iid)),
};

/** Runs commands on the saved item `iid`. */
async function runOnSaved<I extends { description?: string }>(
  writes: DescriptionWrites<I>,
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  commands: readonly QuickActionCommand[],
): Promise<QuickActionsOutcome> {
  return runQuickActions(ctx, await writes.target(ctx, project, iid), commands);
}

/** A kind's create that creates the item without its description's commands, then runs them. */
function createWithQuickActions<I extends { description?: string }>(
  writes: DescriptionWrites<I>,
): DescriptionWrites<I>['create'] {
  return async (ctx, project, input) => {
    const { commands, text } = extractQuickActions(input.description ?? '', writes.accepts);
    if (commands.length === 0) return writes.create(ctx, project, input);
    const iid = await writes.create(ctx, project, { ...input, description: text });
    await runOnSaved(writes, ctx, project, iid, commands);
    return iid;
  };
}

/** A kind's update that saves the new description without its commands, then runs them. */
function updateWithQuickActions<I extends { description?: string }>(
  writes: DescriptionWrites<I>,
): DescriptionWrites<I>['update'] {
  return async (ctx, project, iid, input) => {
    const { commands, text } = extractQuickActions(input.description ?? '', writes.accepts);
    if (commands.length === 0) return writes.update(ctx, project, iid, input);
    await writes.update(ctx, project, iid, { ...input, description: text });
    await runOnSaved(writes, ctx, project, iid, commands);
  };
}

/** POST /projects/:id/issues; returns the new iid. */
export const createIssueWithQuickActions = createWithQuickActions(ISSUE_WRITES);
/** PUT /projects/:id/issues/:iid and GraphQL updateIssue. */
export const updateIssueWithQuickActions = updateWithQuickActions(ISSUE_WRITES);
/** POST /projects/:id/merge_requests (a merge request's commands only); returns the new iid. */
export const createMergeRequestWithQuickActions = createWithQuickActions(MERGE_REQUEST_WRITES);
/** PUT /projects/:id/merge_requests/:iid. */
export const updateMergeRequestWithQuickActions = updateWithQuickActions(MERGE_REQUEST_WRITES);

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
