import type { RedmineTextFormatting, RedmineWorkItemType } from '@meridian/domain';
import { type FormEvent, useId, useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import layout from '../../app/Layout.module.css';
import { SignInRequired } from '../../app/SignInPrompt';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { LabelledInput } from '../shared/LabelledField';
import { ImportStepForm } from './ImportStepForm';
import { RedmineImportProgress } from './RedmineImportProgress';
import { RedmineMappingForm } from './RedmineMappingForm';
import {
  previewRedmineImport,
  type RedminePreview,
  redmineJobPath,
  type StartedRedmineImport,
  startRedmineImport,
} from './redmineImportApi';
import { SourceConnectionFields } from './SourceConnectionFields';
import styles from './SourceImport.module.css';
import { useImportAction } from './useImportAction';
import { useImportJob } from './useImportJob';

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
  const [formatting, setFormatting] = useState<RedmineTextFormatting>('textile');
  const { pending, failure, act } = useImportAction('Redmine could not be read.');
  const [started, setStarted] = useState<StartedRedmineImport | null>(null);
  const job = useImportJob(
    started ? redmineJobPath(started.id, started.import_job.id) : undefined,
    started?.import_job ?? null,
  );

  if (isLoading) return null;
  if (!user) return <SignInRequired title="Import from Redmine" />;

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
        await startRedmineImport(group.trim(), {
          url: url.trim(),
          api_key: apiKey.trim(),
          projects,
          trackers,
          text_formatting: formatting,
        }),
      );
    });
  };

  return (
    <PlainLayout title="Import from Redmine" narrow>
      <header className={layout.pageHeader}>
        <h1>Import from Redmine</h1>
      </header>
      {started && job ? (
        <RedmineImportProgress started={started} job={job} />
      ) : (
        <div className={styles.page}>
          <ImportStepForm
            heading="Connect to Redmine"
            intro="Projects, subprojects, issues with their history, versions, categories, relations, watchers and time come over through Redmine's REST API. An administrator's API key matches people by email or login; others become placeholder users."
            onSubmit={connect}
            submitLabel={pending && !preview ? 'Connecting…' : preview ? 'Read again' : 'Connect'}
            submitDisabled={pending}
            again={preview !== null}
          >
            {failure && <Alert variant="danger">{failure}</Alert>}
            <LabelledInput
              id={`${id}-group`}
              label="Import into group (full path)"
              value={group}
              required
              maxLength={2048}
              onChange={setGroup}
            />
            <SourceConnectionFields
              id={id}
              urlLabel="Redmine URL"
              placeholder="https://redmine.example.com"
              url={url}
              onUrl={setUrl}
              secretLabel="API key"
              secret={apiKey}
              onSecret={setApiKey}
              secretMaxLength={255}
            />
          </ImportStepForm>
          {preview && (
            <RedmineMappingForm
              preview={preview}
              projects={projects}
              onProjectsChange={setProjects}
              trackers={trackers}
              onTrackersChange={setTrackers}
              formatting={formatting}
              onFormattingChange={setFormatting}
              pending={pending}
              onSubmit={start}
            />
          )}
        </div>
      )}
    </PlainLayout>
  );
}
