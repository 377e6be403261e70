import { formatTimeLeft, REDMINE_WORK_ITEM_TYPES, type RedmineWorkItemType } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import layout from '../../app/Layout.module.css';
import { SignInRequired } from '../../app/SignInPrompt';
import { AppLink } from '../../lib/AppLink';
import { ApiError } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { buttonClassName } from '../../ui/buttonClassName';
import { LabelledInput } from '../shared/LabelledField';
import styles from './ImportCsv.module.css';
import { ImportProgressBar } from './ImportProgress';
import type { ImportJob } from './importCsvApi';
import {
  fetchRedmineSkips,
  previewRedmineImport,
  type RedminePreview,
  redmineJobPath,
  type StartedRedmineImport,
  startRedmineImport,
} from './redmineImportApi';
import { useImportJob } from './useImportJob';

const TYPE_NAMES: Record<RedmineWorkItemType, string> = {
  issue: 'Issue',
  task: 'Task',
  incident: 'Incident',
  epic: 'Epic',
};

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

const failureOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'Redmine could not be read.';

function RedmineImportProgress({ started, job }: { started: StartedRedmineImport; job: ImportJob }) {
  const ended = job.state === 'finished' || job.state === 'failed';
  const skipped = useQuery({
    queryKey: ['redmine-import-skipped', started.id, job.id],
    queryFn: () => fetchRedmineSkips(started.id, job.id),
    enabled: ended,
  });
  const rate = job.rate_per_second === null ? '—' : `${job.rate_per_second}/s`;
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
        {`${job.processed} of ${job.total} items · ${rate} · ${ended ? 'done' : `${formatTimeLeft(job.seconds_left)} left`}`}
      </p>
      <table aria-label="Items per kind">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Imported</th>
            <th scope="col">Skipped</th>
            <th scope="col">In Redmine</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.filter(([kind]) => job.counters[kind]).map(([kind, label]) => (
            <tr key={kind}>
              <th scope="row">{label}</th>
              <td>{job.counters[kind]?.done}</td>
              <td>{job.counters[kind]?.skipped}</td>
              <td>{job.counters[kind]?.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
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

/**
 * Import from Redmine: connect with the Redmine's URL and an API key, see its projects and how each
 * tracker maps to a work item type (change any), start, and follow the progress until the report.
 */
export function ImportRedminePage() {
  const { user, isLoading } = useSession();
  const id = useId();
  const [group, setGroup] = useState('');
  const [url, setUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [preview, setPreview] = useState<RedminePreview | null>(null);
  const [projects, setProjects] = useState<string[]>([]);
  const [trackers, setTrackers] = useState<Record<string, RedmineWorkItemType>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [started, setStarted] = useState<StartedRedmineImport | null>(null);
  const job = useImportJob(
    started ? redmineJobPath(started.id, started.import_job.id) : undefined,
    started?.import_job ?? null,
  );

  if (isLoading) return null;
  if (!user) return <SignInRequired title="Import from Redmine" />;

  const act = async (run: () => Promise<void>) => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await run();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setPending(false);
    }
  };
  const connect = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const read = await previewRedmineImport(group.trim(), { url: url.trim(), api_key: apiKey.trim() });
      setPreview(read);
      setProjects(read.projects.filter((p) => p.chosen).map((p) => p.identifier));
      setTrackers(Object.fromEntries(read.trackers.map((t) => [String(t.id), t.type])));
    });
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      setStarted(
        await startRedmineImport(group.trim(), { url: url.trim(), api_key: apiKey.trim(), projects, trackers }),
      );
    });
  };
  const names = new Map(preview?.projects.map((p) => [p.id, p.name]) ?? []);

  return (
    <PlainLayout title="Import from Redmine" narrow>
      <header className={layout.pageHeader}>
        <h1>Import from Redmine</h1>
      </header>
      {started && job ? (
        <RedmineImportProgress started={started} job={job} />
      ) : (
        <>
          <form onSubmit={connect} aria-labelledby={`${id}-connect`}>
            <h2 id={`${id}-connect`}>Connect to Redmine</h2>
            <p className={styles.intro}>
              Projects, subprojects, issues with their history, versions, categories, relations, watchers and time come
              over through Redmine's REST API. An administrator's API key matches people by email or login; others
              become placeholder users.
            </p>
            {failure && <Alert variant="danger">{failure}</Alert>}
            <LabelledInput
              id={`${id}-group`}
              label="Import into group (full path)"
              value={group}
              required
              maxLength={2048}
              onChange={setGroup}
            />
            <LabelledInput
              id={`${id}-url`}
              label="Redmine URL"
              type="url"
              value={url}
              required
              maxLength={2048}
              placeholder="https://redmine.example.com"
              onChange={setUrl}
            />
            <LabelledInput
              id={`${id}-key`}
              label="API key"
              type="password"
              value={apiKey}
              required
              maxLength={255}
              autoComplete="off"
              onChange={setApiKey}
            />
            <div className={styles.actions}>
              <button type="submit" className={buttonClassName(preview ? 'default' : 'confirm')} disabled={pending}>
                {pending && !preview ? 'Connecting…' : preview ? 'Read again' : 'Connect'}
              </button>
            </div>
          </form>
          {preview && (
            <form onSubmit={start} aria-labelledby={`${id}-mapping`}>
              <h2 id={`${id}-mapping`}>What to import</h2>
              <p className={styles.intro}>
                Signed in to Redmine as {preview.user.login}
                {preview.user.admin ? ' (administrator)' : ''}. Subprojects come with their project.
              </p>
              <fieldset>
                <legend>Projects</legend>
                {preview.projects.map((p) => (
                  <label key={p.id} style={{ display: 'block' }}>
                    <input
                      type="checkbox"
                      checked={projects.includes(p.identifier)}
                      onChange={(event) =>
                        setProjects((chosen) =>
                          event.target.checked ? [...chosen, p.identifier] : chosen.filter((x) => x !== p.identifier),
                        )
                      }
                    />{' '}
                    {p.parent_id ? `${names.get(p.parent_id) ?? ''} › ` : ''}
                    {p.name} ({p.identifier})
                  </label>
                ))}
              </fieldset>
              <table aria-label="Tracker mapping">
                <caption>Each tracker becomes a work item type</caption>
                <thead>
                  <tr>
                    <th scope="col">Redmine tracker</th>
                    <th scope="col">Work item type</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.trackers.map((t) => (
                    <tr key={t.id}>
                      <th scope="row">{t.name}</th>
                      <td>
                        <select
                          aria-label={`Type of ${t.name}`}
                          value={trackers[String(t.id)] ?? t.type}
                          onChange={(event) =>
                            setTrackers((map) => ({
                              ...map,
                              [String(t.id)]: event.target.value as RedmineWorkItemType,
                            }))
                          }
                        >
                          {REDMINE_WORK_ITEM_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {TYPE_NAMES[type]}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className={styles.intro}>
                Sub-issues of an issue become its tasks; an issue whose sub-issues have sub-issues of their own becomes
                an epic. Statuses, priorities, trackers and categories become scoped labels; versions milestones.
              </p>
              <div className={styles.actions}>
                <button
                  type="submit"
                  className={buttonClassName('confirm')}
                  disabled={pending || projects.length === 0}
                >
                  {pending ? 'Starting…' : 'Start import'}
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </PlainLayout>
  );
}
