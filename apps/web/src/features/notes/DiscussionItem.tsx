import { useState } from 'react';
import { timeAgo } from '../../lib/format';
import { NoteCard, type NoteViewer } from './NoteCard';
import { NoteForm, SubmitOrCancel } from './NoteForm';
import styles from './Notes.module.css';
import type { Discussion, NoteableRef, NoteDetail } from './notesApi';
import { useReply } from './queries';
import { SystemNoteBody } from './SystemNoteBody';

function SystemNote({ note }: { note: NoteDetail }) {
  return (
    <div className={styles.system} id={`note_${note.id}`}>
      <span className={styles.dot} aria-hidden="true" />
      <span>
        <strong>{note.author.name}</strong> <SystemNoteBody body={note.body} />{' '}
        <time dateTime={note.created_at} title={note.created_at}>
          {timeAgo(note.created_at)}
        </time>
      </span>
    </div>
  );
}

/** The thread's 'Reply…' box: a field-like button that opens the editor. */
function ReplyBox({
  noteable,
  discussionId,
  open,
  setOpen,
}: {
  noteable: NoteableRef;
  discussionId: string;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const reply = useReply(noteable, discussionId);
  if (!open) {
    return (
      <button type="button" className={styles.replyPlaceholder} onClick={() => setOpen(true)}>
        Reply…
      </button>
    );
  }
  return (
    <NoteForm
      label="Reply"
      containerPath={noteable.containerPath}
      draftParts={[noteable.notesPath, 'discussion', discussionId]}
      placeholder="Write a reply or drag your files here…"
      onSubmit={async (body) => {
        await reply.mutateAsync(body);
        setOpen(false);
      }}
      actions={({ disabled }) => <SubmitOrCancel label="Reply" disabled={disabled} onCancel={() => setOpen(false)} />}
    />
  );
}

/** One entry of the activity: a system note, a lone comment, or a thread with its replies. */
export function DiscussionItem({
  noteable,
  discussion,
  viewer,
}: {
  noteable: NoteableRef;
  discussion: Discussion;
  viewer: NoteViewer;
}) {
  const [replying, setReplying] = useState(false);
  const [first, ...replies] = discussion.notes;
  if (!first) return null;
  if (first.system) return <SystemNote note={first} />;
  const thread = !discussion.individual_note;
  const openReply = () => setReplying(true);
  return (
    <div className={thread ? styles.thread : undefined}>
      <NoteCard noteable={noteable} note={first} viewer={viewer} onReply={thread ? undefined : openReply} />
      {thread && (
        <div className={styles.replies}>
          {replies.map((note) => (
            <NoteCard key={note.id} noteable={noteable} note={note} viewer={viewer} />
          ))}
          {viewer.canComment && (
            <ReplyBox noteable={noteable} discussionId={discussion.id} open={replying} setOpen={setReplying} />
          )}
        </div>
      )}
      {!thread && replying && (
        <div className={styles.replies}>
          <ReplyBox noteable={noteable} discussionId={discussion.id} open setOpen={setReplying} />
        </div>
      )}
    </div>
  );
}
