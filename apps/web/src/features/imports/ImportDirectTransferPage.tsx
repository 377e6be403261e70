import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import layout from '../../app/Layout.module.css';
import { SignInRequired } from '../../app/SignInPrompt';
import { AppLink } from '../../lib/AppLink';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { ButtonPager } from '../../ui/ButtonPager';
import { LabelledInput } from '../shared/LabelledField';
import { DirectTransferProgress } from './DirectTransferProgress';
import { fetchSourceGroups, type SourceConnection, startDirectTransfer } from './directTransferApi';
import csv from './ImportCsv.module.css';
import { ImportStepForm } from './ImportStepForm';
import { SourceConnectionFields } from './SourceConnectionFields';
import { SourceGroupsTable, slugOf } from './SourceGroupsTable';
import styles from './SourceImport.module.css';
import { useImportAction } from './useImportAction';

/** The source's groups, a page at a time, with the choices made on every page kept. */
function ChooseGroups({ source, onStarted }: { source: SourceConnection; onStarted: (id: number) => void }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [parent, setParent] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [slugs, setSlugs] = useState<Record<string, string>>({});
  const { pending, failure, act } = useImportAction('The import could not start.');
  const groups = useQuery({
    queryKey: ['direct-transfer-source-groups', source.url, page, search],
    queryFn: () => fetchSourceGroups(source, page, search),
  });
  const start = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0) return;
    void act(async () => {
      const started = await startDirectTransfer(
        source,
        parent.trim(),
        [...chosen].map((path) => ({ source_full_path: path, destination_slug: (slugs[path] ?? slugOf(path)).trim() })),
      );
      onStarted(started.id);
    });
  };
  return (
    <ImportStepForm
      heading={`Groups on ${source.url}`}
      intro="The groups you own there. Each comes over as a new group with its subgroups, projects, labels, milestones, iterations, epics, issues, comments and who wrote them; people are matched by email or username, and others become placeholder users an Owner can reassign."
      onSubmit={start}
      submitLabel={pending ? 'Starting…' : `Import ${chosen.size} ${chosen.size === 1 ? 'group' : 'groups'}`}
      submitDisabled={pending || chosen.size === 0}
    >
      {failure && <Alert variant="danger">{failure}</Alert>}
      <LabelledInput
        id={`${id}-search`}
        label="Filter by source group"
        type="search"
        value={search}
        maxLength={255}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {groups.isError && (
        <Alert variant="danger">
          {groups.error instanceof Error ? groups.error.message : 'The source could not be read.'}
        </Alert>
      )}
      {groups.data && groups.data.groups.length === 0 && (
        <p className={csv.intro}>You own no group there{search ? ' with that name' : ''}.</p>
      )}
      {groups.data && groups.data.groups.length > 0 && (
        <SourceGroupsTable
          groups={groups.data.groups}
          chosen={chosen}
          slugs={slugs}
          onChoose={(path, on) =>
            setChosen((current) => {
              const next = new Set(current);
              if (on) next.add(path);
              else next.delete(path);
              return next;
            })
          }
          onSlug={(path, slug) => setSlugs((current) => ({ ...current, [path]: slug }))}
        />
      )}
      {groups.data && (
        <ButtonPager
          page={page}
          prevPage={page > 1 ? page - 1 : null}
          nextPage={groups.data.next_page}
          onPage={setPage}
        />
      )}
      <LabelledInput
        id={`${id}-parent`}
        label="Import into group (full path; empty for a top-level group)"
        value={parent}
        maxLength={2048}
        onChange={setParent}
      />
    </ImportStepForm>
  );
}

/**
 * GitLab's "Import groups by direct transfer": connect to another GitLab (or Meridian) with a personal
 * access token, choose its groups and where they go, then follow each group's import.
 */
export function ImportDirectTransferPage() {
  const { user, isLoading } = useSession();
  const id = useId();
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [source, setSource] = useState<SourceConnection | null>(null);
  const [bulkImportId, setBulkImportId] = useState<number | null>(null);
  if (isLoading) return null;
  if (!user) return <SignInRequired title="Import groups by direct transfer" />;

  const connect = (event: FormEvent) => {
    event.preventDefault();
    setSource({ url: url.trim(), access_token: token.trim() });
  };
  return (
    <PlainLayout title="Import groups by direct transfer">
      <header className={layout.pageHeader}>
        <h1>Import groups by direct transfer</h1>
        <AppLink href="/import/bulk_imports/history">History</AppLink>
      </header>
      {bulkImportId !== null ? (
        <DirectTransferProgress bulkImportId={bulkImportId} />
      ) : (
        <div className={styles.page}>
          <ImportStepForm
            heading="Connect to a GitLab instance"
            intro="Bring groups over from GitLab.com, a GitLab server or another Meridian, with a personal access token that has the api scope and is an Owner of the groups."
            onSubmit={connect}
            submitLabel={source ? 'Connect again' : 'Connect instance'}
            again={source !== null}
          >
            <SourceConnectionFields
              id={id}
              urlLabel="GitLab source instance base URL"
              placeholder="https://gitlab.example.com"
              url={url}
              onUrl={setUrl}
              secretLabel="Personal access token"
              secret={token}
              onSecret={setToken}
              secretMaxLength={2048}
            />
          </ImportStepForm>
          {source && (
            <ChooseGroups key={`${source.url} ${source.access_token}`} source={source} onStarted={setBulkImportId} />
          )}
        </div>
      )}
    </PlainLayout>
  );
}
