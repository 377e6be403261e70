import { REDMINE_WORK_ITEM_TYPES, type RedmineTextFormatting, type RedmineWorkItemType } from '@meridian/domain';
import { type FormEvent, useId } from 'react';
import { SelectOptions } from '../../ui/SelectOptions';
import { type Column, Table } from '../../ui/Table';
import csv from './ImportCsv.module.css';
import { ImportStepForm } from './ImportStepForm';
import type { RedminePreview } from './redmineImportApi';
import styles from './SourceImport.module.css';

const TYPE_CHOICES: ReadonlyArray<readonly [RedmineWorkItemType, string]> = REDMINE_WORK_ITEM_TYPES.map(
  (type) => [type, `${type[0]?.toUpperCase()}${type.slice(1)}`] as const,
);

type Tracker = RedminePreview['trackers'][number];

/** Redmine's "Text formatting" setting (Administration › Settings › General), which its API does not tell. */
const FORMATTING_CHOICES: ReadonlyArray<readonly [RedmineTextFormatting, string]> = [
  ['textile', 'Textile (converted to Markdown)'],
  ['common_mark', 'CommonMark Markdown'],
  ['markdown', 'Markdown (Redcarpet)'],
  ['none', 'None (plain text)'],
];

/**
 * What to import from a connected Redmine: its projects (subprojects come with their project) and
 * the work item type each tracker becomes, any of which the user may change before the start.
 */
export function RedmineMappingForm({
  preview,
  projects,
  onProjectsChange,
  trackers,
  onTrackersChange,
  formatting,
  onFormattingChange,
  pending,
  onSubmit,
}: {
  preview: RedminePreview;
  projects: string[];
  onProjectsChange: (next: string[]) => void;
  trackers: Record<string, RedmineWorkItemType>;
  onTrackersChange: (next: Record<string, RedmineWorkItemType>) => void;
  formatting: RedmineTextFormatting;
  onFormattingChange: (next: RedmineTextFormatting) => void;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const formattingId = useId();
  const names = new Map(preview.projects.map((p) => [p.id, p.name]));
  const trackerColumns: Column<Tracker>[] = [
    { key: 'name', header: 'Redmine tracker', render: (t) => t.name },
    {
      key: 'type',
      header: 'Work item type',
      width: '240px',
      render: (t) => (
        <select
          aria-label={`Type of ${t.name}`}
          className={styles.control}
          value={trackers[String(t.id)] ?? t.type}
          onChange={(event) =>
            onTrackersChange({ ...trackers, [String(t.id)]: event.target.value as RedmineWorkItemType })
          }
        >
          <SelectOptions choices={TYPE_CHOICES} />
        </select>
      ),
    },
  ];
  return (
    <ImportStepForm
      heading="What to import"
      intro={`Signed in to Redmine as ${preview.user.login}${preview.user.admin ? ' (administrator)' : ''}. Subprojects come with their project.`}
      onSubmit={onSubmit}
      submitLabel={pending ? 'Starting…' : 'Start import'}
      submitDisabled={pending || projects.length === 0}
    >
      <fieldset className={styles.projects}>
        <legend>Projects</legend>
        {preview.projects.map((p) => (
          <label key={p.id} className={styles.project}>
            <input
              type="checkbox"
              checked={projects.includes(p.identifier)}
              onChange={(event) =>
                onProjectsChange(
                  event.target.checked ? [...projects, p.identifier] : projects.filter((x) => x !== p.identifier),
                )
              }
            />
            <span>
              {p.parent_id ? <span className={styles.parent}>{`${names.get(p.parent_id) ?? ''} › `}</span> : null}
              {p.name} <span className={styles.identifier}>({p.identifier})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <h3 className={styles.heading}>Each tracker becomes a work item type</h3>
      <Table columns={trackerColumns} rows={preview.trackers} rowKey={(t) => t.id} caption="Tracker mapping" />
      <h3 className={styles.heading}>
        <label htmlFor={formattingId}>Text formatting of the Redmine</label>
      </h3>
      <p className={csv.intro}>
        As set in Redmine's Administration › Settings › General. Textile descriptions and notes are converted to
        Markdown; a text that cannot be converted is kept as written and listed in the report.
      </p>
      <select
        id={formattingId}
        className={styles.control}
        value={formatting}
        onChange={(event) => onFormattingChange(event.target.value as RedmineTextFormatting)}
      >
        <SelectOptions choices={FORMATTING_CHOICES} />
      </select>
      <p className={csv.intro}>
        Sub-issues of an issue become its tasks; an issue whose sub-issues have sub-issues of their own becomes an epic.
        Statuses, priorities, trackers and categories become scoped labels; versions milestones.
      </p>
    </ImportStepForm>
  );
}
