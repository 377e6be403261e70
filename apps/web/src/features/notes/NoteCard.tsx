import { Suspense, useRef, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { timeAgo } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Spinner } from '../../ui/Spinner';
import { Description } from '../shared/Description';
import { AwardsBar } from './AwardsBar';
import { useKeepMounted } from './keepMounted';
import { useIsLinkedNote } from './linkedNote';
import { NoteActionsMenu } from './NoteActions';
import styles from './Notes.module.css';
import type { NoteableRef, NoteDetail } from './notesApi';
import { useDeleteNote } from './queries';
import { useInView } from './useInView';

// The editor loads on the first Edit.
const EditNoteForm = lazyNamed(() => import('./NoteEditors'), 'EditNoteForm');

export interface NoteViewer {
  /** null when signed out. */
  myId: number | null;
  canComment: boolean;
  canMarkInternal: boolean;
  /** May delete other people's comments (the server's destroy_note rule: Maintainer and above). */
  canAdminNotes: boolean;
  /** May resolve threads (merge requests: its author, Developer and above). */
  canResolve?: boolean;
}

/** A comment: author, time, the Internal note badge, its text (or the edit form), reactions and actions. */
export function NoteCard({
  noteable,
  note,
  viewer,
  onReply,
}: {
  noteable: NoteableRef;
  note: NoteDetail;
  viewer: NoteViewer;
  /** Opens the thread's reply box; absent on replies' own cards when the thread has one. */
  onReply?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  useKeepMounted(editing);
  const remove = useDeleteNote(noteable, note.id);
  const card = useRef<HTMLDivElement>(null);
  const inView = useInView(card);
  const linked = useIsLinkedNote(note.id);
  const mine = viewer.myId !== null && note.author.id === viewer.myId;
  const edited = note.updated_at !== note.created_at;
  return (
    <div className={styles.note} id={`note_${note.id}`}>
      <Avatar name={note.author.name} src={note.author.avatar_url} seed={note.author.id} size={32} />
      <div
        ref={card}
        className={`${styles.card} ${note.internal ? styles.internal : ''} ${linked ? styles.linked : ''}`}
      >
        <div className={styles.head}>
          <span className={styles.byline}>
            <strong>{note.author.name}</strong> <span className={styles.muted}>@{note.author.username}</span>{' '}
            <a className={styles.muted} href={`#note_${note.id}`}>
              <time dateTime={note.created_at} title={note.created_at}>
                · {timeAgo(note.created_at)}
              </time>
            </a>
            {note.internal && (
              <>
                {' '}
                <Badge variant="warning">Internal note</Badge>
              </>
            )}
          </span>
          {viewer.myId !== null && !editing && (
            <span className={styles.noteButtons}>
              {onReply && viewer.canComment && (
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label="Reply to comment"
                  title="Reply to comment"
                  onClick={onReply}
                >
                  <span aria-hidden="true">↩</span>
                </button>
              )}
              {mine && (
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label="Edit comment"
                  title="Edit comment"
                  onClick={() => setEditing(true)}
                >
                  <span aria-hidden="true">✎</span>
                </button>
              )}
              <NoteActionsMenu
                note={note}
                mine={mine}
                canDelete={mine || viewer.canAdminNotes}
                onDelete={() => remove.mutate()}
              />
            </span>
          )}
        </div>
        {remove.isError && <Alert variant="danger">{remove.error.message}</Alert>}
        {editing ? (
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <EditNoteForm noteable={noteable} note={note} onClose={() => setEditing(false)} />
          </Suspense>
        ) : (
          <>
            <Description html={note.body_html} text={note.body} />
            {edited && (
              <p className={styles.edited}>
                Edited <time dateTime={note.updated_at}>{timeAgo(note.updated_at)}</time>
              </p>
            )}
          </>
        )}
        <AwardsBar
          noteable={noteable}
          noteId={note.id}
          myId={viewer.myId}
          enabled={inView}
          initial={note.award_emoji}
        />
      </div>
    </div>
  );
}
