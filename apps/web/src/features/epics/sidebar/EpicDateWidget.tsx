import { useId } from 'react';
import { AppLink } from '../../../lib/AppLink';
import { formatDate } from '../../../lib/format';
import type { Epic } from '../../../lib/types';
import layout from '../../shared/DetailLayout.module.css';
import { EditableSidebarField } from '../../shared/sidebar/EditableSidebarField';
import { ValueEditor } from '../../shared/sidebar/FieldEditors';
import styles from './EpicSidebar.module.css';
import type { DateSource, EpicChanges } from './epicSidebarApi';

export type DateEnd = 'start' | 'due';

const TEXTS = {
  start: { label: 'Start date', clear: 'Clear start date' },
  due: { label: 'Due date', clear: 'Clear due date' },
} as const;

/** The epic's fields for one end: `start_date_is_fixed`, `start_date_fixed`… */
function fieldsOf(epic: Epic, end: DateEnd) {
  return end === 'start'
    ? { isFixed: epic.start_date_is_fixed !== false, fixed: epic.start_date_fixed ?? null }
    : { isFixed: epic.due_date_is_fixed !== false, fixed: epic.due_date_fixed ?? null };
}

/** The date the epic uses for an end: the fixed one, or the inherited one. */
export function effectiveDate(epic: Epic, end: DateEnd, inherited: string | null): string | null {
  const { isFixed, fixed } = fieldsOf(epic, end);
  return isFixed ? fixed : inherited;
}

function changesFor(
  end: DateEnd,
  isFixed: boolean,
  fixed?: string | null,
): { changes: EpicChanges; shown: Partial<Epic> } {
  const changes: EpicChanges =
    end === 'start'
      ? { start_date_is_fixed: isFixed, ...(fixed !== undefined ? { start_date_fixed: fixed } : {}) }
      : { due_date_is_fixed: isFixed, ...(fixed !== undefined ? { due_date_fixed: fixed } : {}) };
  return { changes, shown: changes };
}

function SourceText({ source }: { source: DateSource | null }) {
  if (!source) return null;
  return source.kind === 'milestone' ? (
    <small className={styles.hint}>
      From milestone: <strong>{source.title}</strong>
    </small>
  ) : (
    <small className={styles.hint}>
      From child epic: <AppLink href={source.webPath}>{source.title}</AppLink>
    </small>
  );
}

/**
 * An epic's start or due date (IE §2.3): either Fixed, set with a date picker, or Inherited from
 * the milestones of its issues and from its child epics, naming the source. The start picker is
 * capped by the due date, the due picker floored by the start date.
 */
export function EpicDateWidget({
  end,
  epic,
  inherited,
  source,
  bound,
  canEdit,
  failure,
  onSave,
}: {
  end: DateEnd;
  epic: Epic;
  inherited: string | null;
  source: DateSource | null;
  /** The other end's effective date: the start picker's max, the due picker's min. */
  bound: string | null;
  canEdit: boolean;
  failure: string | null;
  onSave: (save: { changes: EpicChanges; shown: Partial<Epic> }) => void;
}) {
  const { label, clear } = TEXTS[end];
  const { isFixed, fixed } = fieldsOf(epic, end);
  const name = useId();
  const none = <span className={layout.none}>None</span>;
  return (
    <EditableSidebarField
      label={label}
      canEdit={canEdit}
      failure={failure}
      editor={(close) => (
        <ValueEditor
          label={label}
          type="date"
          initial={fixed ?? ''}
          removeText={clear}
          min={end === 'due' ? (bound ?? undefined) : undefined}
          max={end === 'start' ? (bound ?? undefined) : undefined}
          onSave={(text) => {
            close();
            onSave(changesFor(end, true, text === '' ? null : text));
          }}
        />
      )}
    >
      <fieldset className={styles.dateChoices} disabled={!canEdit}>
        <legend className="visually-hidden">{label} source</legend>
        <label className={styles.dateChoice}>
          <input type="radio" name={name} checked={isFixed} onChange={() => onSave(changesFor(end, true))} />
          <span>Fixed</span>
          <span className={styles.dateValue}>{fixed ? formatDate(fixed) : none}</span>
        </label>
        <label className={styles.dateChoice}>
          <input type="radio" name={name} checked={!isFixed} onChange={() => onSave(changesFor(end, false))} />
          <span>Inherited</span>
          <span className={styles.dateValue}>{inherited ? formatDate(inherited) : none}</span>
        </label>
        {!isFixed && <SourceText source={source} />}
      </fieldset>
    </EditableSidebarField>
  );
}
