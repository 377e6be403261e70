import type { JiraMapping } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { ApiError } from '../../lib/api';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { buttonClassName } from '../../ui/buttonClassName';
import styles from './ImportJira.module.css';
import { type ImportJob, importJobPath, importPermissionsQuery } from './importCsvApi';
import { JiraImportProgress } from './JiraImportProgress';
import { MappingTables } from './JiraMappingTables';
import { type JiraSite, JiraSiteFields, jiraSiteFields, NO_JIRA_SITE } from './JiraSiteFields';
import { type JiraPreview, previewJira, startJiraImport } from './jiraImportApi';
import { JIRA_KINDS } from './jiraKinds';
import { useImportJob } from './useImportJob';

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'The file could not be read.';
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the import will create, who it matched, the versions that become milestones. */
function PreviewSummary({ preview, downloads }: { preview: JiraPreview; downloads: boolean }) {
  const placeholders = preview.people.length - preview.people_matched;
  return (
    <>
      <h2 className={styles.heading}>What will be imported</h2>
      <ul className={styles.counts} aria-label="What will be imported">
        {JIRA_KINDS.filter(([kind]) => (preview.counts[kind] ?? 0) > 0).map(([kind, one, many]) => (
          <li key={kind}>{counted(preview.counts[kind] ?? 0, one, many)}</li>
        ))}
        {preview.attachments > 0 && (
          <li>
            {counted(preview.attachments, 'attachment', 'attachments')}{' '}
            {downloads ? 'downloaded from the Jira site' : 'listed in the report (give the Jira site to download them)'}
          </li>
        )}
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
  const siteId = useId();
  const [site, setSite] = useState<JiraSite>(NO_JIRA_SITE);
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
      const fields = jiraSiteFields(site);
      setStarted((await startJiraImport(projectPath, file, preview.format, mapping, fields)).import_job);
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
              {preview.imported_before.count > 0 && (
                <Alert variant="warning" title="Imported before">
                  {`${counted(preview.imported_before.count, 'issue', 'issues')} of this file ${preview.imported_before.count === 1 ? 'was' : 'were'} imported into this project before (${preview.imported_before.issues
                    .map((i) => `${i.key} as #${i.iid}`)
                    .join(
                      ', ',
                    )}${preview.imported_before.count > preview.imported_before.issues.length ? ', …' : ''}). Importing again makes copies.`}
                </Alert>
              )}
              <MappingTables
                preview={preview}
                mapping={mapping}
                onChange={(next, recount) => {
                  setMapping(next);
                  if (recount && file) void read(file, next);
                }}
              />
              <PreviewSummary preview={preview} downloads={site.url.trim() !== ''} />
              <JiraSiteFields id={siteId} site={site} onChange={setSite} />
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
