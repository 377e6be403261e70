import { useMemo } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { apiPath, encodeId } from '../../lib/api';
import { timeAgo } from '../../lib/format';
import { useLabelColors } from '../../lib/LabelColors';
import { useApiList } from '../../lib/queries';
import type { LabelDetail, Note } from '../../lib/types';
import { Avatar } from '../../ui/Avatar';
import { LabelBadge } from '../../ui/LabelBadge';
import { Spinner } from '../../ui/Spinner';
import { Description } from '../shared/Description';
import styles from './NotesList.module.css';
import { issueKeys } from './queries';

/** A system note's text, with GitLab's `~<label id>` references drawn as label badges when known. */
function SystemNoteBody({ body }: { body: string }) {
  const colors = useLabelColors();
  const byId = useMemo(() => {
    const map = new Map<number, LabelDetail>();
    for (const label of colors.values()) if (label.id !== undefined) map.set(label.id, label);
    return map;
  }, [colors]);
  const parts = body.split(/(~\d+)\b/);
  return (
    <>
      {parts.map((part, index) => {
        const label = /^~\d+$/.test(part) ? byId.get(Number(part.slice(1))) : undefined;
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable string.
        return label ? <LabelBadge key={index} label={label} /> : <span key={index}>{part}</span>;
      })}
    </>
  );
}

/** The activity of an issue: comments as cards, system notes as one-line events. */
export function NotesList({ projectPath, iid }: { projectPath: string; iid: number }) {
  const query = useApiList<Note>(
    issueKeys.notes(projectPath, iid),
    apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}/notes`, {
      sort: 'asc',
      order_by: 'created_at',
      per_page: 100,
    }),
  );
  if (query.isPending) return <Spinner label="Loading activity" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="activity" />;
  if (query.data.items.length === 0) return <p className={styles.empty}>No comments yet.</p>;
  return (
    <ol className={styles.list}>
      {query.data.items.map((note) =>
        note.system ? (
          <li key={note.id} className={styles.system}>
            <span className={styles.dot} aria-hidden="true" />
            <span>
              <strong>{note.author.name}</strong> <SystemNoteBody body={note.body} />{' '}
              <time dateTime={note.created_at} title={note.created_at}>
                {timeAgo(note.created_at)}
              </time>
            </span>
          </li>
        ) : (
          <li key={note.id} className={styles.note}>
            <Avatar name={note.author.name} src={note.author.avatar_url} seed={note.author.id} size={32} />
            <div className={styles.card}>
              <div className={styles.head}>
                <strong>{note.author.name}</strong>
                <span className={styles.muted}>@{note.author.username}</span>
                <time className={styles.muted} dateTime={note.created_at} title={note.created_at}>
                  · {timeAgo(note.created_at)}
                </time>
              </div>
              <Description html={note.body_html} text={note.body} />
            </div>
          </li>
        ),
      )}
    </ol>
  );
}
