import { useMemo } from 'react';
import { buttonClassName } from '../../../../ui/buttonClassName';
import { showToast } from '../../../../ui/toast';
import styles from './ConflictReview.module.css';
import { type DiffRow, type Piece, sideBySideDiff } from './sideBySideDiff';

/** The title and description of one side of an edit conflict. */
export interface EditedText {
  title: string;
  description: string;
}

function Side({ pieces, side }: { pieces: Piece[] | null; side: 'theirs' | 'yours' }) {
  if (pieces === null) return <td className={styles.blank} />;
  const Changed = side === 'theirs' ? 'del' : 'ins';
  const marked = pieces.some((p) => p.changed);
  return (
    <td className={marked ? styles[side] : undefined}>
      {/* Not colour alone: a − or + in the gutter, and struck or underlined words. */}
      <span className={styles.marker} aria-hidden="true">
        {marked ? (side === 'theirs' ? '−' : '+') : ''}
      </span>
      {/* An added or removed blank line shows its marker only. */}
      {pieces.map((piece, i) =>
        piece.text === '' ? null : piece.changed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are a fixed sequence, never reordered
          <Changed key={i}>{piece.text}</Changed>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{piece.text}</span>
        ),
      )}
    </td>
  );
}

function DiffTable({ caption, rows }: { caption: string; rows: DiffRow[] }) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Their version</th>
          <th scope="col">Your version</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the text's lines
          <tr key={i}>
            <Side pieces={row.theirs} side="theirs" />
            <Side pieces={row.yours} side="yours" />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * IE §5's conflict, reviewed before 'Overwrite their changes': the saved version beside the one being
 * edited, line by line with the changed words marked (their words struck, yours underlined). Loaded
 * on the first conflict, so the diff library stays out of the edit form's chunk.
 */
export function ConflictReview({ theirs, yours }: { theirs: EditedText; yours: EditedText }) {
  const titleRows = useMemo(
    () => (theirs.title === yours.title ? null : sideBySideDiff(theirs.title, yours.title)),
    [theirs.title, yours.title],
  );
  const descriptionRows = useMemo(
    () => sideBySideDiff(theirs.description, yours.description),
    [theirs.description, yours.description],
  );
  const copyTheirs = async () => {
    try {
      await navigator.clipboard.writeText(theirs.description);
      showToast('Their description was copied.');
    } catch {
      showToast('Their description could not be copied.');
    }
  };

  return (
    <section className={styles.review} aria-label="Their version beside yours">
      {titleRows && <DiffTable caption="Title" rows={titleRows} />}
      {theirs.description === yours.description ? (
        <p className={styles.same}>The descriptions are the same.</p>
      ) : (
        <div className={styles.scroll}>
          <DiffTable caption="Description" rows={descriptionRows} />
        </div>
      )}
      <button type="button" className={buttonClassName('default', 'small')} onClick={() => void copyTheirs()}>
        Copy their description
      </button>
    </section>
  );
}
