import { formatTimeLeft } from '@meridian/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { type Column, Table } from '../../ui/Table';
import { issueKeys } from '../issues/queries';
import styles from './ImportJira.module.css';
import { ImportProgressBar } from './ImportProgress';
import type { ImportJob, KindCounters, SkippedRow } from './importCsvApi';
import { fetchJiraSkips } from './jiraImportApi';
import { JIRA_KINDS } from './jiraKinds';

type KindRow = { kind: string; name: string } & KindCounters;

const capitalized = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

const COLUMNS: Column<KindRow>[] = [
  { key: 'name', header: 'What', render: (r) => r.name },
  { key: 'done', header: 'Imported', width: '100px', align: 'end', render: (r) => r.done },
  { key: 'skipped', header: 'Skipped', width: '100px', align: 'end', render: (r) => r.skipped },
  { key: 'total', header: 'In the file', width: '100px', align: 'end', render: (r) => r.total },
];
const SKIP_COLUMNS: Column<SkippedRow>[] = [
  {
    key: 'what',
    header: 'What',
    width: '170px',
    render: (r) => capitalized(JIRA_KINDS.find(([k]) => k === r.kind)?.[1] ?? r.kind),
  },
  { key: 'source', header: 'In Jira', width: '200px', render: (r) => <code>{r.source_id}</code> },
  { key: 'reason', header: 'Why', render: (r) => r.reason },
];

/**
 * A Jira import's progress — items done of the total per kind, the rate and the time left, moving
 * batch by batch with the progress events of the live channel — then its result and the report of
 * what was skipped and why.
 */
export function JiraImportProgress({ projectPath, job }: { projectPath: string; job: ImportJob }) {
  const queryClient = useQueryClient();
  const ended = job.state === 'finished' || job.state === 'failed';
  const skippedCount = Object.values(job.counters).reduce((sum, c) => sum + c.skipped, 0);
  const skipped = useQuery({
    queryKey: ['jira-import-skips', projectPath, job.id],
    queryFn: () => fetchJiraSkips(projectPath, job.id),
    enabled: ended && skippedCount > 0,
  });
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
  }, [ended, queryClient]);
  const rows: KindRow[] = JIRA_KINDS.flatMap(([kind, , many]) => {
    const c = job.counters[kind];
    return c && c.total > 0 ? [{ kind, name: capitalized(many), ...c }] : [];
  });
  const rate = job.rate_per_second === null ? '—' : `${job.rate_per_second}/s`;
  const heading =
    job.state === 'finished'
      ? 'Imported from Jira'
      : job.state === 'failed'
        ? 'The import failed'
        : 'Importing from Jira';
  return (
    <section aria-labelledby="jira-import-progress" className={styles.page}>
      <h2 id="jira-import-progress" className={styles.heading}>
        {heading}
      </h2>
      <ImportProgressBar job={job} />
      <p className={styles.summary} aria-live="polite">
        {ended
          ? `${job.processed} of ${job.total} items handled: ${job.processed - skippedCount} imported, ${skippedCount} skipped.`
          : job.state === 'created' || job.total === 0
            ? 'Waiting for an import worker to start…'
            : `${job.processed} of ${job.total} items (${job.percent}%) · ${rate} · ${formatTimeLeft(job.seconds_left)} left`}
      </p>
      {job.state === 'failed' && <Alert variant="danger">{job.error ?? 'The import failed.'}</Alert>}
      {rows.length > 0 && (
        <Table columns={COLUMNS} rows={rows} rowKey={(r) => r.kind} caption="Import progress by kind" />
      )}
      {job.state === 'finished' && (
        <p>
          <AppLink href={urls.projectPage(projectPath, 'issues')}>View the imported issues</AppLink>
        </p>
      )}
      {skipped.data && skipped.data.rows.length > 0 && (
        <>
          <h3 className={styles.heading}>Skipped, and why</h3>
          <Table
            columns={SKIP_COLUMNS}
            rows={skipped.data.rows}
            rowKey={(r) => `${r.kind}:${r.source_id}`}
            caption="Skipped items"
          />
          {skipped.data.total > skipped.data.rows.length && (
            <p className={styles.hint}>… and {skipped.data.total - skipped.data.rows.length} more.</p>
          )}
        </>
      )}
    </section>
  );
}
