import { formatTimeLeft } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { type Column, Table } from '../../ui/Table';
import styles from './ImportCsv.module.css';
import { ImportProgressBar } from './ImportProgress';
import type { ImportJob } from './importCsvApi';
import { fetchRedmineSkips, type StartedRedmineImport } from './redmineImportApi';

/** The kinds of a Redmine import, as the progress lists them. */
const KINDS: Array<[kind: string, label: string]> = [
  ['users', 'People'],
  ['groups', 'Groups'],
  ['projects', 'Projects'],
  ['labels', 'Labels'],
  ['milestones', 'Milestones'],
  ['issues', 'Issues'],
  ['time_entries', 'Time entries'],
];

type KindRow = { kind: string; label: string; counts: ImportJob['counters'][string] | undefined };

const KIND_COLUMNS: Column<KindRow>[] = [
  { key: 'kind', header: 'Kind', render: (r) => r.label },
  { key: 'done', header: 'Imported', align: 'end', render: (r) => r.counts?.done },
  { key: 'skipped', header: 'Skipped', align: 'end', render: (r) => r.counts?.skipped },
  { key: 'total', header: 'In Redmine', align: 'end', render: (r) => r.counts?.total },
];

/** A started Redmine import: its bar, counts per kind, and once it ends the report of what was skipped. */
export function RedmineImportProgress({ started, job }: { started: StartedRedmineImport; job: ImportJob }) {
  const ended = job.state === 'finished' || job.state === 'failed';
  const skipped = useQuery({
    queryKey: ['redmine-import-skipped', started.id, job.id],
    queryFn: () => fetchRedmineSkips(started.id, job.id),
    enabled: ended,
  });
  const summary = [
    `${job.processed} of ${job.total} items`,
    ...(job.rate_per_second === null ? [] : [`${job.rate_per_second}/s`]),
    ended ? 'done' : `${formatTimeLeft(job.seconds_left)} left`,
  ].join(' · ');
  const rows = KINDS.filter(([kind]) => job.counters[kind]).map(([kind, label]) => ({
    kind,
    label,
    counts: job.counters[kind],
  }));
  return (
    <section aria-labelledby="redmine-import-progress">
      <h2 id="redmine-import-progress">
        {job.state === 'finished'
          ? 'Imported into'
          : job.state === 'failed'
            ? 'Could not import into'
            : 'Importing into'}{' '}
        {started.full_path}
      </h2>
      <ImportProgressBar job={job} />
      <p className={styles.summary} aria-live="polite">
        {summary}
      </p>
      <Table columns={KIND_COLUMNS} rows={rows} rowKey={(r) => r.kind} caption="Items per kind" />
      {job.state === 'failed' && <Alert variant="danger">{job.error ?? 'The import failed.'}</Alert>}
      {skipped.data && skipped.data.length > 0 && (
        <>
          <p className={styles.summary}>Not imported:</p>
          <ul className={styles.report} aria-label="Skipped items">
            {skipped.data.map((row) => (
              <li key={`${row.kind}:${row.source_id}`}>
                {row.kind} {row.source_id}: {row.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {job.state === 'finished' && <AppLink href={urls.group(started.full_path)}>Go to the group</AppLink>}
    </section>
  );
}
