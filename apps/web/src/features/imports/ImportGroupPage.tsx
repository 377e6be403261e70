import { formatTimeLeft } from '@meridian/domain';
import { type FormEvent, useId, useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import layout from '../../app/Layout.module.css';
import { SignInRequired } from '../../app/SignInPrompt';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { LabelledField, LabelledInput } from '../shared/LabelledField';
import { groupImportJobPath, type StartedGroupImport, startGroupImport } from './groupImportApi';
import styles from './ImportCsv.module.css';
import { ImportProgressBar } from './ImportProgress';
import type { ImportJob } from './importCsvApi';
import { SubmitRow } from './SubmitRow';
import { useImportAction } from './useImportAction';
import { useImportJob } from './useImportJob';

/** A group path from its name, as GitLab's form suggests it. */
const pathFromName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 255);

const KINDS: Array<[kind: string, one: string, many: string]> = [
  ['projects', 'project', 'projects'],
  ['issues', 'issue', 'issues'],
  ['epics', 'epic', 'epics'],
  ['notes', 'comment or system note', 'comments and system notes'],
];
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function GroupImportProgress({ started, job }: { started: StartedGroupImport; job: ImportJob }) {
  const ended = job.state === 'finished' || job.state === 'failed';
  const skipped = Object.values(job.counters).reduce((sum, c) => sum + c.skipped, 0);
  const rate = job.rate_per_second === null ? '—' : `${job.rate_per_second}/s`;
  return (
    <section aria-labelledby="group-import-progress">
      <h2 id="group-import-progress">
        {job.state === 'finished' ? 'Imported' : job.state === 'failed' ? 'Could not import' : 'Importing'}{' '}
        {started.full_path}
      </h2>
      <ImportProgressBar job={job} />
      <p className={styles.summary} aria-live="polite">
        {ended
          ? `${KINDS.map(([kind, one, many]) => counted(job.counters[kind]?.done ?? 0, one, many)).join(', ')} imported; ${counted(skipped, 'record', 'records')} skipped.`
          : `${job.processed} of ${job.total} records · ${rate} · ${formatTimeLeft(job.seconds_left)} left`}
      </p>
      {job.state === 'failed' && <Alert variant="danger">{job.error ?? 'The import failed.'}</Alert>}
      {job.state === 'finished' && <AppLink href={urls.group(started.full_path)}>Go to the group</AppLink>}
    </section>
  );
}

/**
 * GitLab's "Import group from file": a new group made from a Meridian group export, with the import's
 * progress (records done, rate, time left) until the group is ready.
 */
export function ImportGroupPage() {
  const { user, isLoading } = useSession();
  const id = useId();
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const { pending, failure, act } = useImportAction('The import could not start.');
  const [started, setStarted] = useState<StartedGroupImport | null>(null);
  const job = useImportJob(
    started ? groupImportJobPath(started.id, started.import_job.id) : undefined,
    started?.import_job ?? null,
  );

  if (isLoading) return null;
  if (!user) return <SignInRequired title="Import group" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    void act(async () => setStarted(await startGroupImport({ name: name.trim(), path, file })));
  };

  return (
    <PlainLayout title="Import group" narrow>
      <header className={layout.pageHeader}>
        <h1>Import group</h1>
      </header>
      {started && job ? (
        <GroupImportProgress started={started} job={job} />
      ) : (
        <form onSubmit={submit} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>Import group from file</h2>
          <p className={styles.intro}>
            Upload a group export (meridian export group, or a Meridian's group export download). Its subgroups,
            projects, issues, epics and comments keep their numbers, authors and dates.
          </p>
          {failure && <Alert variant="danger">{failure}</Alert>}
          <LabelledInput
            id={`${id}-name`}
            label="Group name"
            value={name}
            required
            maxLength={255}
            onChange={(value) => {
              setName(value);
              if (!pathEdited) setPath(pathFromName(value));
            }}
          />
          <LabelledInput
            id={`${id}-path`}
            label="Group URL"
            value={path}
            required
            maxLength={255}
            onChange={(value) => {
              setPath(value);
              setPathEdited(true);
            }}
          />
          <LabelledField htmlFor={`${id}-file`} label="Upload file">
            <input
              id={`${id}-file`}
              type="file"
              accept=".tar.gz,application/gzip"
              required
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </LabelledField>
          <p className={styles.intro}>
            Moving from GitLab? <AppLink href="/import/bulk_imports/status">Import groups by direct transfer</AppLink>.
            From Redmine? <AppLink href="/-/import/redmine">Import from Redmine</AppLink> into a group.
          </p>
          <SubmitRow disabled={pending || !file || !name || !path}>{pending ? 'Importing…' : 'Import'}</SubmitRow>
        </form>
      )}
    </PlainLayout>
  );
}
