import { NoteForm, SubmitOrCancel } from './NoteForm';
import type { NoteableRef, NoteDetail } from './notesApi';
import { useReply, useUpdateNote } from './queries';

export { CommentBox } from './CommentBox';

const PLACEHOLDER = 'Write a comment or drag your files here…';

/** A note edited in place: the same editor with its text, Save comment / Cancel. */
export function EditNoteForm({
  noteable,
  note,
  onClose,
}: {
  noteable: NoteableRef;
  note: NoteDetail;
  onClose: () => void;
}) {
  const update = useUpdateNote(noteable, note.id);
  return (
    <NoteForm
      label="Edit comment"
      noteable={noteable}
      draftParts={[noteable.notesPath, 'note', String(note.id)]}
      initial={note.body}
      placeholder={PLACEHOLDER}
      autoFocus
      onSubmit={async (body) => {
        await update.mutateAsync(body);
        onClose();
      }}
      actions={({ disabled }) => <SubmitOrCancel label="Save comment" disabled={disabled} onCancel={onClose} />}
    />
  );
}

/** A reply in a thread (or to a lone comment, which makes it a thread). */
export function ReplyForm({
  noteable,
  discussionId,
  onClose,
}: {
  noteable: NoteableRef;
  discussionId: string;
  onClose: () => void;
}) {
  const reply = useReply(noteable, discussionId);
  return (
    <NoteForm
      label="Reply"
      noteable={noteable}
      draftParts={[noteable.notesPath, 'discussion', discussionId]}
      placeholder="Write a reply or drag your files here…"
      autoFocus
      onSubmit={async (body) => {
        await reply.mutateAsync(body);
        onClose();
      }}
      actions={({ disabled }) => <SubmitOrCancel label="Reply" disabled={disabled} onCancel={onClose} />}
    />
  );
}
