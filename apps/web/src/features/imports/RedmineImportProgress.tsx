import { formatTimeLeft } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import styles from './ImportCsv.module.css';
import { ImportKindsTable } from './ImportKindsTable';
import { ImportProgressBar } from './ImportProgress';
import type { ImportJob } from './importCsvApi';
import { fetchRedmineSkips, type StartedRedmineImport } from './redmineImportApi';

/** The kinds of a Redmine import, as the progress lists them. */
const KINDS: Record<string, string> = {
  users: 'People',
  groups: 'Groups',
  projects: 'Projects',
  labels: 'Labels',
  milestones: 'Milestones',
  issues: 'Issues',
  time_entries: 'Time entries',
  references: 'Issue references',
};

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
      <ImportKindsTable job={job} labels={KINDS} sourceHeader="In Redmine" />
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
