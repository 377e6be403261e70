import { formatTimeLeft } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { type BulkImportEntity, entityJobPath, fetchBulkImportEntities } from './directTransferApi';
import styles from './ImportCsv.module.css';
import { ImportKindsTable } from './ImportKindsTable';
import { ImportProgressBar } from './ImportProgress';
import layoutStyles from './SourceImport.module.css';
import { useImportJob } from './useImportJob';

/** The kinds of a direct transfer, in the order they come in. */
const KINDS: Record<string, string> = {
  users: 'People',
  groups: 'Groups',
  projects: 'Projects',
  members: 'Memberships',
  labels: 'Labels',
  milestones: 'Milestones',
  iterations_cadences: 'Iteration cadences',
  iterations: 'Iterations',
  issues: 'Issues',
  work_item_parent_links: 'Child items',
  timelogs: 'Time spent',
  epics: 'Epics',
  epic_issues: 'Issues in epics',
  issue_links: 'Linked items',
  notes: 'Comments and system notes',
  award_emoji: 'Emoji reactions',
  epic_parents: 'Epic hierarchy',
};

/** One group of a direct transfer: the source export being fetched, then its records coming in. */
function EntityProgress({ entity }: { entity: BulkImportEntity }) {
  const job = useImportJob(entityJobPath(entity), null);
  const destination = entity.destination_full_path ?? '';
  if (!job) return <p className={styles.summary}>{`${entity.source_full_path} → ${destination}: waiting…`}</p>;
  const ended = job.state === 'finished' || job.state === 'failed';
  const summary =
    job.total === 0 && !ended
      ? 'waiting for the source to write its export…'
      : [
          `${job.processed} of ${job.total} records`,
          ...(job.rate_per_second === null ? [] : [`${job.rate_per_second}/s`]),
          ended ? 'done' : `${formatTimeLeft(job.seconds_left)} left`,
        ].join(' · ');
  return (
    <section aria-label={`Import of ${entity.source_full_path}`} className={layoutStyles.entity}>
      <h3>
        {entity.source_full_path} → {destination}
      </h3>
      <ImportProgressBar job={job} />
      <p className={styles.summary} aria-live="polite">
        {summary}
      </p>
      {job.total > 0 && <ImportKindsTable job={job} labels={KINDS} sourceHeader="In the source" />}
      {job.state === 'failed' && <Alert variant="danger">{job.error ?? 'The import failed.'}</Alert>}
      {job.state === 'finished' && <AppLink href={urls.group(destination)}>Go to {destination}</AppLink>}
    </section>
  );
}

/** A started direct transfer: each of its groups with its own progress bar until it ends. */
export function DirectTransferProgress({ bulkImportId }: { bulkImportId: number }) {
  const entities = useQuery({
    queryKey: ['bulk-import-entities', bulkImportId],
    queryFn: () => fetchBulkImportEntities(bulkImportId),
  });
  return (
    <section aria-labelledby="direct-transfer-progress">
      <h2 id="direct-transfer-progress">Groups being imported</h2>
      {entities.isError && <Alert variant="danger">The import could not be read.</Alert>}
      {entities.data?.map((entity) => (
        <EntityProgress key={entity.id} entity={entity} />
      ))}
    </section>
  );
}
