import { Suspense, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { timeAgo } from '../../lib/format';
import { Spinner } from '../../ui/Spinner';
import { useKeepMounted } from './keepMounted';
import { useIsLinkedNote } from './linkedNote';
import { NoteCard, type NoteViewer } from './NoteCard';
import styles from './Notes.module.css';
import {
  type Discussion,
  type NoteableRef,
  type NoteDetail,
  noteableReferenceContext,
  threadResolution,
} from './notesApi';
import { useResolveDiscussion } from './queries';
import { SystemNoteBody } from './SystemNoteBody';

// The editor loads on the first 'Reply…'.
const ReplyForm = lazyNamed(() => import('./NoteEditors'), 'ReplyForm');

function SystemNote({ note, noteable }: { note: NoteDetail; noteable: NoteableRef }) {
  const linked = useIsLinkedNote(note.id);
  return (
    <div className={`${styles.system} ${linked ? styles.linked : ''}`} id={`note_${note.id}`}>
      <span className={styles.dot} aria-hidden="true" />
      <span>
        <strong>{note.author.name}</strong>{' '}
        <SystemNoteBody body={note.body} context={noteableReferenceContext(noteable)} />{' '}
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
  if (!open) {
    return (
      <button type="button" className={styles.replyPlaceholder} onClick={() => setOpen(true)}>
        Reply…
      </button>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Loading the editor" />}>
      <ReplyForm noteable={noteable} discussionId={discussionId} onClose={() => setOpen(false)} />
    </Suspense>
  );
}

/**
 * A merge request thread's resolved state and its 'Resolve thread' / 'Unresolve thread' button
 * (shown to those who may resolve: the merge request's author, Developer and above).
 */
function ResolveBar({
  noteable,
  discussion,
  canResolve,
}: {
  noteable: NoteableRef;
  discussion: Discussion;
  canResolve: boolean;
}) {
  const state = threadResolution(discussion);
  const resolve = useResolveDiscussion(noteable, discussion.id);
  if (!state.resolvable) return null;
  return (
    <div className={styles.resolveBar}>
      {state.resolved && (
        <span className={styles.resolvedText} role="status">
          <span aria-hidden="true">✓</span> Thread resolved{state.by ? ` by ${state.by.name}` : ''}
        </span>
      )}
      {canResolve && (
        <button
          type="button"
          className={styles.resolveButton}
          disabled={resolve.isPending}
          onClick={() => resolve.mutate(!state.resolved)}
        >
          {state.resolved ? 'Unresolve thread' : 'Resolve thread'}
        </button>
      )}
      {resolve.isError && <span className={styles.resolveError}>{resolve.error.message}</span>}
    </div>
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
  useKeepMounted(replying);
  const [first, ...replies] = discussion.notes;
  if (!first) return null;
  if (first.system) return <SystemNote note={first} noteable={noteable} />;
  const thread = !discussion.individual_note;
  const openReply = () => setReplying(true);
  const resolvable = thread && noteable.kind === 'merge_request';
  const resolved = resolvable && threadResolution(discussion).resolved;
  return (
    <div className={thread ? styles.thread : undefined} data-resolved={resolved || undefined}>
      <NoteCard noteable={noteable} note={first} viewer={viewer} onReply={thread ? undefined : openReply} />
      {thread && (
        <div className={styles.replies}>
          {replies.map((note) => (
            <NoteCard key={note.id} noteable={noteable} note={note} viewer={viewer} />
          ))}
          {viewer.canComment && (
            <ReplyBox noteable={noteable} discussionId={discussion.id} open={replying} setOpen={setReplying} />
          )}
          {resolvable && (
            <ResolveBar noteable={noteable} discussion={discussion} canResolve={viewer.canResolve === true} />
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
