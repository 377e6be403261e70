import { formatTimeLeft } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { ImportedBadge } from '../shared/HeaderBadges';
import styles from './ImportCsv.module.css';
import { fetchSkippedRows, type ImportJob } from './importCsvApi';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** An import job's bar: full once it finished, else records done of the total. */
export function ImportProgressBar({ job }: { job: ImportJob }) {
  return (
    <progress
      className={styles.progress}
      max={Math.max(job.total, 1)}
      value={job.state === 'finished' ? Math.max(job.total, 1) : job.processed}
      aria-label="Import progress"
    />
  );
}

/**
 * An import's progress (issues done of the total, rate, time left), then its result: the issues
 * created, with the Imported badge, and the report of skipped rows.
 */
export function ImportProgress({ projectPath, job }: { projectPath: string; job: ImportJob }) {
  const issues = job.counters.issue ?? { done: 0, skipped: 0, total: job.total };
  const ended = job.state === 'finished' || job.state === 'failed';
  const skipped = useQuery({
    queryKey: ['import-job-skipped', projectPath, job.id],
    queryFn: () => fetchSkippedRows(projectPath, job.id),
    enabled: ended && issues.skipped > 0,
  });
  const rate = job.rate_per_second === null ? '—' : `${job.rate_per_second}/s`;
  return (
    <div>
      <ImportProgressBar job={job} />
      <p className={styles.summary} aria-live="polite">
        {ended
          ? `${plural(issues.done, 'issue')} imported, ${plural(issues.skipped, 'row')} skipped.`
          : `${job.processed} of ${job.total} rows · ${rate} · ${formatTimeLeft(job.seconds_left)} left`}
      </p>
      {job.state === 'failed' && <Alert variant="danger">{job.error ?? 'The import failed.'}</Alert>}
      {ended && (job.issues?.length ?? 0) > 0 && (
        <ul aria-label="Imported issues">
          {job.issues?.map((issue) => (
            <li key={issue.id}>
              <AppLink href={urls.issue(projectPath, issue.iid)}>{issue.title}</AppLink>{' '}
              <ImportedBadge what="issue" imported={issue.imported_from !== 'none'} />
            </li>
          ))}
        </ul>
      )}
      {skipped.data && skipped.data.length > 0 && (
        <>
          <p className={styles.summary}>Skipped rows:</p>
          <ul className={styles.report} aria-label="Skipped rows">
            {skipped.data.map((row) => (
              <li key={row.source_id}>
                Line {row.source_id}: {row.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
