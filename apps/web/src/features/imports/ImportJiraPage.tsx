import type { JiraIssueState, JiraItemKind, JiraMapping } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { ApiError } from '../../lib/api';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { buttonClassName } from '../../ui/buttonClassName';
import { SelectOptions } from '../../ui/SelectOptions';
import { type Column, Table } from '../../ui/Table';
import styles from './ImportJira.module.css';
import { type ImportJob, importJobPath, importPermissionsQuery } from './importCsvApi';
import { JiraImportProgress } from './JiraImportProgress';
import { type JiraPreview, type JiraStatusRow, type JiraTypeRow, previewJira, startJiraImport } from './jiraImportApi';
import { JIRA_KINDS } from './jiraKinds';
import { useImportJob } from './useImportJob';

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
const CATEGORY: Record<JiraStatusRow['category'], string> = {
  new: 'To Do',
  indeterminate: 'In Progress',
  done: 'Done',
};

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'The file could not be read.';
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The mapping tables: each issue type's kind and label, each status's state, editable. */
function MappingTables({
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
    {
      key: 'kind',
      header: 'Becomes',
      width: '240px',
      render: (t) => (
        <select
          className={styles.control}
          aria-label={`${t.name} becomes`}
          value={mapping.types[t.name]?.kind ?? t.kind}
          onChange={(event) => setType(t.name, { kind: event.target.value as JiraItemKind }, true)}
        >
          <SelectOptions choices={KIND_CHOICES} />
        </select>
      ),
    },
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
    {
      key: 'state',
      header: 'Becomes',
      width: '160px',
      render: (s) => (
        <select
          className={styles.control}
          aria-label={`${s.name} becomes`}
          value={mapping.statuses[s.name] ?? s.state}
          onChange={(event) =>
            onChange(
              { ...mapping, statuses: { ...mapping.statuses, [s.name]: event.target.value as JiraIssueState } },
              true,
            )
          }
        >
          <SelectOptions choices={STATE_CHOICES} />
        </select>
      ),
    },
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
    </>
  );
}

/** What the import will create, who it matched, the versions that become milestones. */
function PreviewSummary({ preview }: { preview: JiraPreview }) {
  const placeholders = preview.people.length - preview.people_matched;
  return (
    <>
      <h2 className={styles.heading}>What will be imported</h2>
      <ul className={styles.counts} aria-label="What will be imported">
        {JIRA_KINDS.filter(([kind]) => (preview.counts[kind] ?? 0) > 0).map(([kind, one, many]) => (
          <li key={kind}>{counted(preview.counts[kind] ?? 0, one, many)}</li>
        ))}
        {preview.mapped_to_skip > 0 && (
          <li className={styles.muted}>{counted(preview.mapped_to_skip, 'issue', 'issues')} skipped by the mapping</li>
        )}
      </ul>
      <p className={styles.hint}>
        {counted(preview.people.length, 'person', 'people')}: {preview.people_matched} matched to users here by email or
        username
        {placeholders > 0 ? `; ${counted(placeholders, 'placeholder user', 'placeholder users')} for the others` : ''}.
      </p>
      <ul className={styles.people} aria-label="People">
        {preview.people.map((p) => (
          <li key={p.key}>
            {p.name} <span className={styles.muted}>({p.matched ? 'matched' : 'placeholder'})</span>
          </li>
        ))}
      </ul>
      {preview.milestones.length > 0 && (
        <p className={styles.hint}>Versions become milestones: {preview.milestones.join(', ')}.</p>
      )}
    </>
  );
}

/**
 * GitLab's "Import from Jira", from a file: Jira's CSV export or its REST API's JSON. Upload → the
 * mapping preview (issue types and statuses with their counts, editable; what will be created; who is
 * matched) → start → the progress bar over the live channel → the result and the report of what was
 * skipped.
 */
export function ImportJiraPage({ projectPath }: { projectPath: string }) {
  const { context, crumbs } = useNamespaceContext('project', projectPath);
  const fileId = useId();
  const allowed = useQuery(importPermissionsQuery(projectPath));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<JiraPreview | null>(null);
  const [mapping, setMapping] = useState<JiraMapping | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<ImportJob | null>(null);
  const job = useImportJob(started ? importJobPath(projectPath, started.id) : undefined, started);

  const read = async (chosen: File, withMapping?: JiraMapping) => {
    setBusy(true);
    setFailure(null);
    try {
      const next = await previewJira(projectPath, chosen, withMapping);
      setPreview(next);
      setMapping(next.mapping);
    } catch (error) {
      if (!withMapping) setPreview(null);
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setMapping(null);
    setFailure(null);
    if (chosen) void read(chosen);
  };

  const start = async () => {
    if (!file || !preview || !mapping) return;
    setBusy(true);
    setFailure(null);
    try {
      setStarted((await startJiraImport(projectPath, file, preview.format, mapping)).import_job);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const title = 'Import from Jira';
  return (
    <ContextLayout
      context={context}
      active="issues"
      crumbs={crumbs(
        { label: 'Issues', href: urls.projectPage(projectPath, 'issues') },
        { label: title, href: urls.importJira(projectPath) },
      )}
    >
      <header className={layout.pageHeader}>
        <h1>{title}</h1>
      </header>
      {allowed.data && !allowed.data.jira ? (
        <Alert variant="danger">
          Importing from Jira needs the Maintainer role in this project, and a project whose issues are on.
        </Alert>
      ) : started && job ? (
        <JiraImportProgress projectPath={projectPath} job={job} />
      ) : (
        <section aria-label="Jira file" className={styles.page}>
          <p className={styles.intro}>
            Upload Jira's CSV export (<em>Export › Export Excel CSV (all fields)</em>) or the JSON of its REST API (a{' '}
            <code>/rest/api/2/search</code> answer, an issue, or a list of them), at most 20 MB. Epics, stories, tasks,
            bugs and sub-tasks come with their comments, links, work logs, labels, versions, people and dates; each
            imported item carries the Imported badge and its Jira key.
          </p>
          <label htmlFor={fileId} className={styles.label}>
            Jira export file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
          />
          {busy && !preview && <p className={styles.hint}>Reading the file…</p>}
          {failure && <Alert variant="danger">{failure}</Alert>}
          {preview && mapping && (
            <section aria-label="Mapping">
              <p className={styles.summary}>
                {counted(preview.issue_count, 'issue', 'issues')} in a Jira {preview.format.toUpperCase()}{' '}
                {preview.format === 'csv' ? 'export' : 'answer'}
                {preview.site ? ` from ${preview.site}` : ''}.
              </p>
              <MappingTables
                preview={preview}
                mapping={mapping}
                onChange={(next, recount) => {
                  setMapping(next);
                  if (recount && file) void read(file, next);
                }}
              />
              <PreviewSummary preview={preview} />
              {preview.mapping_problem && <Alert variant="danger">{preview.mapping_problem}</Alert>}
              <div className={styles.actions}>
                <button
                  type="button"
                  className={buttonClassName('confirm')}
                  disabled={busy || preview.mapping_problem !== null}
                  onClick={() => void start()}
                >
                  Start import
                </button>
              </div>
            </section>
          )}
        </section>
      )}
    </ContextLayout>
  );
}
