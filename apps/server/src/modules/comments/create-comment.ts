import { extractQuickActions } from '@meridian/domain';
import { withTransaction } from '../../db/with-transaction';
import type { ServiceContext } from '../../service-context';
import {
  assertCanComment,
  createDiscussion,
  createNote,
  type Noteable,
  type NoteRow,
  replyToDiscussion,
} from '../notes';
import type { QuickActionsOutcome } from '../quick-actions';
import { acceptsQuickAction, applyQuickActions } from '../quick-actions';

/** A new comment: a plain note, a new thread, or a reply into discussion `replyTo`. */
export interface CommentInput {
  body: string;
  internal?: boolean;
  createdAt?: Date;
  thread?: boolean;
  replyTo?: string;
}

/**
 * What a comment did: the stored note (null when the body was only commands, GitLab's 202) and,
 * when it had commands, what they did.
 */
export interface CommentOutcome {
  note: NoteRow | null;
  commands?: QuickActionsOutcome;
}

function storeComment(ctx: ServiceContext, n: Noteable, input: CommentInput): Promise<NoteRow> {
  if (input.replyTo !== undefined)
    return replyToDiscussion(ctx, n, input.replyTo, { body: input.body, createdAt: input.createdAt });
  if (input.thread) return createDiscussion(ctx, n, input).then((d) => d.notes[0] as NoteRow);
  return createNote(ctx, n, input);
}

/**
 * A new comment on an issue, epic or merge request with its quick actions, as one service call in
 * ONE transaction: the note is stored without its command lines and the commands run on what it is
 * written on (each kind knows only its own commands; other command lines stay text), so both commit
 * or neither does. A body made only of commands stores no note. A command a service refuses is
 * skipped with its message (its own writes undone by a savepoint); an unexpected failure rolls back
 * the whole comment.
 */
export async function createComment(ctx: ServiceContext, n: Noteable, input: CommentInput): Promise<CommentOutcome> {
  const { commands, text } = extractQuickActions(input.body, acceptsQuickAction(n.kind));
  return withTransaction(ctx.db, async (trx) => {
    const inTransaction = { ...ctx, db: trx };
    if (commands.length === 0) return { note: await storeComment(inTransaction, n, input) };
    let note: NoteRow | null = null;
    if (text.trim() === '') assertCanComment(ctx.actor, n);
    else note = await storeComment(inTransaction, n, { ...input, body: text });
    return { note, commands: await applyQuickActions(inTransaction, n, commands) };
  });
}
