import { createComment } from '../../modules/comments';
import { createNoteSchema, deleteNoteById, type Noteable, noteableById } from '../../modules/notes';
import type { QuickActionsOutcome } from '../../modules/quick-actions';
import { type ServiceContext, serviceContext } from '../../service-context';
import { builder } from '../builder';
import { parseGid, parseTypedGid } from '../gid';
import { inputMutation, mutationInput, mutationPayload } from '../input-mutation';
import { type LiveNote, NoteRef } from '../live/note.graphql';
import { type MutationPayload, objectPayload, payloadType } from '../mutation-errors';
import { parseArguments, withArgumentNames } from '../rest-shaped-input';
import './global-ids';

/*
 * GitLab's createNote, a thin caller of the service behind REST `POST …/notes` and
 * `POST …/discussions/:id/notes`: the arguments go through that route's input schema and the comment
 * and its quick actions are one `createComment` call, so both transports store, refuse and run the
 * same. destroyNote is the service behind REST `DELETE …/notes/:note_id` (author, or Maintainer and
 * above), the note's noteable read through the same policy.
 */

/** What each `NoteableID` type names (an issue's work item id is its issue id). */
const NOTEABLE_TYPES = { Issue: 'Issue', WorkItem: 'Issue', MergeRequest: 'MergeRequest', Epic: 'Epic' } as const;

/** The noteable a `NoteableID` (validated on input) names, read through the same policy as REST. */
function targetNoteable(ctx: ServiceContext, noteableId: string): Promise<Noteable> {
  const ref = parseTypedGid(noteableId, ['Issue', 'WorkItem', 'MergeRequest', 'Epic']) ?? { type: 'Issue', id: 0 };
  return noteableById(ctx.db, ctx.actor, NOTEABLE_TYPES[ref.type], ref.id);
}

/** The discussion id inside a `DiscussionID` (validated on input): `gid://gitlab/Discussion/<hex>`. */
const discussionOf = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

const CreateNoteInput = mutationInput('CreateNote', (t) => ({
  noteableId: t.field({
    type: 'NoteableID',
    required: true,
    description: 'Global ID of the resource to add a note to.',
    // A global id, not free text (the input-limits rule asks every `note…` input to say its cap).
    extensions: { maxLength: 255 },
  }),
  body: t.string({
    required: true,
    description: 'Content of the note.',
    // Above 1,000,000 the input schema answers "body is too long" in `errors`; the input-limits
    // rule only refuses what no note could be.
    extensions: { maxLength: 1_048_576 },
  }),
  internal: t.boolean({ required: false, description: 'Internal flag for a note. Default is false.' }),
  discussionId: t.field({
    type: 'DiscussionID',
    required: false,
    description: 'Global ID of the discussion the note is in reply to.',
  }),
}));

interface QuickActionsStatus {
  outcome: QuickActionsOutcome;
  commandsOnly: boolean;
}

const QuickActionsStatusRef = builder.objectRef<QuickActionsStatus>('QuickActionsStatus').implement({
  description: "What a note's quick actions did.",
  fields: (t) => ({
    messages: t.stringList({
      nullable: true,
      description: 'Response messages from quick actions.',
      resolve: ({ outcome }) => outcome.messages.filter((m) => !outcome.errorMessages.includes(m)),
    }),
    errorMessages: t.stringList({
      nullable: true,
      description: 'Error messages from quick actions that failed to apply.',
      resolve: ({ outcome }) => outcome.errorMessages,
    }),
    commandNames: t.stringList({
      nullable: true,
      description: 'Quick action command names.',
      resolve: ({ outcome }) => outcome.commandNames,
    }),
    commandsOnly: t.boolean({
      nullable: true,
      description: 'Returns true if only quick action commands were in the note.',
      resolve: (s) => s.commandsOnly,
    }),
  }),
});

type CreateNoteShape = MutationPayload & { note: LiveNote | null; quickActionsStatus: QuickActionsStatus | null };

const CreateNotePayload = payloadType<CreateNoteShape>('CreateNotePayload', (t) => ({
  note: t.field({ type: NoteRef, nullable: true, description: 'Note after mutation.', resolve: (p) => p.note }),
  quickActionsStatus: t.field({
    type: QuickActionsStatusRef,
    nullable: true,
    description: 'Status of quick actions after mutation.',
    resolve: (p) => p.quickActionsStatus,
  }),
}));

/** createNote's arguments → the parameters of REST's `POST …/notes`. */
const CREATE_NOTE_ARGUMENTS = { body: 'body', internal: 'internal' } as const;

inputMutation('createNote', {
  input: CreateNoteInput,
  payload: CreateNotePayload,
  description:
    'Creates a Note. If the body of the Note contains only quick actions, the Note will be destroyed during an update, and no Note will be returned.',
  resolve: (input, c) => {
    const objects: Omit<CreateNoteShape, keyof MutationPayload> = { note: null, quickActionsStatus: null };
    return mutationPayload(input, objects, async (out) => {
      const writer = serviceContext(c.ctx, c.actor);
      const n = await targetNoteable(writer, input.noteableId);
      const made = await withArgumentNames(CREATE_NOTE_ARGUMENTS, () => {
        const params = parseArguments(createNoteSchema, input, CREATE_NOTE_ARGUMENTS);
        const replyTo = input.discussionId ? discussionOf(input.discussionId) : undefined;
        return createComment(writer, n, { body: params.body, internal: params.internal ?? false, replyTo });
      });
      if (made.note) out.note = { row: made.note, noteable: n };
      if (made.commands) out.quickActionsStatus = { outcome: made.commands, commandsOnly: made.note === null };
    });
  },
});

const DestroyNoteInput = mutationInput('DestroyNote', (t) => ({
  id: t.field({
    type: 'NoteID',
    required: true,
    description: 'Global ID of the note to destroy.',
    extensions: { maxLength: 255 },
  }),
}));

/** GitLab answers `note: null` once the note is gone. */
const DestroyNotePayload = objectPayload('DestroyNotePayload', 'note', NoteRef, 'Note after mutation.');

inputMutation('destroyNote', {
  input: DestroyNoteInput,
  payload: DestroyNotePayload,
  description: 'Destroys a Note.',
  resolve: (input, c) =>
    mutationPayload(input, { note: null }, () =>
      deleteNoteById(c.ctx.database.db, c.actor, parseGid(input.id, ['Note']) ?? 0),
    ),
});
