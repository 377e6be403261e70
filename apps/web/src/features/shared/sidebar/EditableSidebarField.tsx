import { type ReactNode, useId, useState } from 'react';
import layout from '../DetailLayout.module.css';
import styles from './Sidebar.module.css';

/**
 * One sidebar block (IE §2.1) whose value users who may change it edit in place: "Edit" opens the
 * editor, which calls `close` when done; Escape closes it too. `failure` is §8's alert text.
 */
export function EditableSidebarField({
  label,
  canEdit,
  children,
  editor,
  failure,
}: {
  label: string;
  canEdit: boolean;
  children: ReactNode;
  editor: (close: () => void) => ReactNode;
  failure?: string | null;
}) {
  const [editing, setEditing] = useState(false);
  const labelId = useId();
  const close = () => setEditing(false);
  return (
    <section
      className={layout.field}
      aria-labelledby={labelId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && editing) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <div className={styles.head}>
        <span id={labelId} className={layout.fieldLabel}>
          {label}
        </span>
        {canEdit && (
          <button
            type="button"
            className={styles.edit}
            aria-expanded={editing}
            aria-label={`${editing ? 'Close' : 'Edit'} ${label.toLowerCase()}`}
            onClick={() => setEditing(!editing)}
          >
            {editing ? 'Close' : 'Edit'}
          </button>
        )}
      </div>
      {editing ? editor(close) : <div>{children}</div>}
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
    </section>
  );
}
