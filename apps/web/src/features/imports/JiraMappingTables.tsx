import type { JiraCustomFieldChoice, JiraIssueState, JiraItemKind, JiraMapping } from '@meridian/domain';
import { SelectOptions } from '../../ui/SelectOptions';
import { type Column, Table } from '../../ui/Table';
import styles from './ImportJira.module.css';
import type { JiraCustomFieldRow, JiraPreview, JiraStatusRow, JiraTypeRow } from './jiraImportApi';

/** The Jira import page's mapping tables (`ImportJiraPage.tsx`): issue types, statuses, custom fields. */

const KIND_CHOICES: ReadonlyArray<readonly [JiraItemKind, string]> = [
  ['epic', 'Epic'],
  ['issue', 'Issue'],
  ['task', 'Task (under its parent)'],
  ['skip', 'Skip'],
];
const STATE_CHOICES: ReadonlyArray<readonly [JiraIssueState, string]> = [
  ['opened', 'Open'],
  ['closed', 'Closed'],
];
const CUSTOM_CHOICES: ReadonlyArray<readonly [JiraCustomFieldChoice, string]> = [
  ['skip', 'Leave out'],
  ['labels', 'Scoped labels (Field::value)'],
];
const CATEGORY: Record<JiraStatusRow['category'], string> = {
  new: 'To Do',
  indeterminate: 'In Progress',
  done: 'Done',
};

/** A "Becomes" column: a choice among `choices` for each row (a type's kind, a status's state, a custom field's use). */
function becomesColumn<Row extends { name: string }, V extends string>(
  key: string,
  width: string,
  choices: ReadonlyArray<readonly [V, string]>,
  current: (row: Row) => V,
  onPick: (row: Row, value: V) => void,
  disabled: (row: Row) => boolean = () => false,
): Column<Row> {
  return {
    key,
    header: 'Becomes',
    width,
    render: (row) => (
      <select
        className={styles.control}
        aria-label={`${row.name} becomes`}
        value={current(row)}
        disabled={disabled(row)}
        onChange={(event) => onPick(row, event.target.value as V)}
      >
        <SelectOptions choices={choices} />
      </select>
    ),
  };
}

/** The mapping tables: each issue type's kind and label, each status's state, each custom field's use, editable. */
export function MappingTables({
  preview,
  mapping,
  onChange,
}: {
  preview: JiraPreview;
  mapping: JiraMapping;
  onChange: (next: JiraMapping, recount: boolean) => void;
}) {
  const setType = (name: string, change: Partial<JiraMapping['types'][string]>, recount: boolean) => {
    const current = mapping.types[name] ?? { kind: 'issue', label: '' };
    onChange({ ...mapping, types: { ...mapping.types, [name]: { ...current, ...change } } }, recount);
  };
  const typeColumns: Column<JiraTypeRow>[] = [
    { key: 'name', header: 'Jira issue type', render: (t) => t.name },
    { key: 'count', header: 'Issues', width: '80px', align: 'end', render: (t) => t.count },
    becomesColumn(
      'kind',
      '240px',
      KIND_CHOICES,
      (t) => mapping.types[t.name]?.kind ?? t.kind,
      (t, kind) => setType(t.name, { kind }, true),
    ),
    {
      key: 'label',
      header: 'Label',
      width: '220px',
      render: (t) => (
        <input
          className={styles.control}
          aria-label={`${t.name} label`}
          maxLength={255}
          value={mapping.types[t.name]?.label ?? ''}
          onChange={(event) => setType(t.name, { label: event.target.value }, false)}
        />
      ),
    },
  ];
  const statusColumns: Column<JiraStatusRow>[] = [
    { key: 'name', header: 'Jira status', render: (s) => s.name },
    { key: 'category', header: 'Category', width: '140px', render: (s) => CATEGORY[s.category], secondary: true },
    { key: 'count', header: 'Issues', width: '80px', align: 'end', render: (s) => s.count },
    becomesColumn(
      'state',
      '160px',
      STATE_CHOICES,
      (s) => mapping.statuses[s.name] ?? s.state,
      (s, state) => onChange({ ...mapping, statuses: { ...mapping.statuses, [s.name]: state } }, true),
    ),
  ];
  const customColumns: Column<JiraCustomFieldRow>[] = [
    { key: 'name', header: 'Jira custom field', render: (f) => f.name },
    { key: 'values', header: 'Values', render: (f) => f.values.join(', '), secondary: true },
    { key: 'count', header: 'Issues', width: '80px', align: 'end', render: (f) => f.count },
    becomesColumn(
      'choice',
      '240px',
      CUSTOM_CHOICES,
      (f) => (f.select_like ? (mapping.custom_fields?.[f.name] ?? f.choice) : 'skip'),
      (f, choice) => onChange({ ...mapping, custom_fields: { ...mapping.custom_fields, [f.name]: choice } }, false),
      (f) => !f.select_like,
    ),
  ];
  return (
    <>
      <h2 className={styles.heading}>Issue types</h2>
      <p className={styles.hint}>
        {preview.epic_group
          ? `Epics go to the group ${preview.epic_group.full_path}; sub-tasks become tasks under their parent issue.`
          : 'This project is not in a group, so it has no epics: Jira epics become issues.'}{' '}
        Every issue keeps its status and priority as scoped labels (status::…, priority::…).
      </p>
      <Table columns={typeColumns} rows={preview.types} rowKey={(t) => t.name} caption="Jira issue types" />
      <h2 className={styles.heading}>Statuses</h2>
      <Table columns={statusColumns} rows={preview.statuses} rowKey={(s) => s.name} caption="Jira statuses" />
      {preview.custom_fields.length > 0 && (
        <>
          <h2 className={styles.heading}>Custom fields</h2>
          <p className={styles.hint}>
            Meridian has no custom fields: a field of short values can become scoped labels; what is left out is listed
            in the import report.
          </p>
          <Table
            columns={customColumns}
            rows={preview.custom_fields}
            rowKey={(f) => f.name}
            caption="Jira custom fields"
          />
        </>
      )}
    </>
  );
}
