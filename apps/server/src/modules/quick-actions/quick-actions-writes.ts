import { extractQuickActions } from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { createIssue, type IssueInput, updateIssue } from '../issues/issue-write.service';
import { findProject, type ProjectRow } from '../namespaces/namespace-lookup.service';
import { assertCanComment, type Noteable } from '../notes/noteable';
import { executeEpicQuickActions, isEpicQuickAction } from './epic-quick-actions';
import { executeQuickActions, type QuickActionsOutcome } from './quick-actions.service';

/**
 * The writes that carry quick actions — a new or edited issue description, a new comment — as
 * GitLab runs them: the commands are removed from the text and run after it is saved. REST and
 * GraphQL call these, never the bare writes, so there is one path per rule.
 */

/** POST /projects/:id/issues: creates the issue without its description's commands, then runs them. */
export async function createIssueWithQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  input: IssueInput,
): Promise<number> {
  const { commands, text } = extractQuickActions(input.description ?? '');
  if (commands.length === 0) return createIssue(db, actor, project, input);
  const iid = await createIssue(db, actor, project, { ...input, description: text });
  await executeQuickActions(db, actor, project, iid, commands);
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
  const { commands, text } = extractQuickActions(input.description ?? '');
  if (commands.length === 0) return updateIssue(db, actor, project, iid, input);
  await updateIssue(db, actor, project, iid, { ...input, description: text });
  await executeQuickActions(db, actor, project, iid, commands);
}

/** A comment's outcome: the stored note, or — when the body was only commands — what they did. */
export type NoteWithQuickActions<T> = { note: T } | { commandsOnly: QuickActionsOutcome };

/**
 * A new comment on an issue, epic or merge request (note, thread or reply): the note is stored without its command
 * lines and the commands run on the issue or epic; a body made only of commands stores no note
 * (GitLab's 202). An epic knows only its own commands; other command lines stay text.
 */
export async function createNoteWithQuickActions<T>(
  db: Database,
  actor: Actor | null,
  n: Noteable,
  body: string,
  create: (body: string) => Promise<T>,
): Promise<NoteWithQuickActions<T>> {
  // Merge requests run no quick actions in Meridian: their command lines stay text.
  if (n.kind === 'merge_request') return { note: await create(body) };
  const { commands, text } = extractQuickActions(body, n.kind === 'epic' ? isEpicQuickAction : undefined);
  if (commands.length === 0) return { note: await create(body) };
  assertCanComment(actor, n);
  const run = async () => {
    const me = requireActor(actor);
    if (n.kind === 'epic') return executeEpicQuickActions(db, me, n.row, commands);
    const project = await findProject(db, me, { id: n.projectId });
    return executeQuickActions(db, me, project, n.iid, commands);
  };
  if (text.trim() === '') return { commandsOnly: await run() };
  const note = await create(text);
  await run();
  return { note };
}

/** GitLab's 202 answer for a comment made only of commands (`Entities::NoteCommands`). */
export function presentCommandsOnly(outcome: QuickActionsOutcome) {
  return {
    commands_changes: outcome.changes,
    summary: [outcome.messages.length ? outcome.messages.join(' ') : 'Failed to apply commands.'],
  };
}
