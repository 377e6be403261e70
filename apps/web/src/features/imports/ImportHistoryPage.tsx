import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import layout from '../../app/Layout.module.css';
import { SignInRequired } from '../../app/SignInPrompt';
import { AppLink } from '../../lib/AppLink';
import { timeAgo } from '../../lib/format';
import { urls } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { ButtonPager } from '../../ui/ButtonPager';
import { type Column, Table } from '../../ui/Table';
import { type BulkImportEntity, fetchImportedGroups } from './directTransferApi';
import csv from './ImportCsv.module.css';

const STATUS: Record<string, { text: string; variant: 'success' | 'danger' | 'info' | 'neutral' }> = {
  created: { text: 'Pending', variant: 'neutral' },
  started: { text: 'Importing…', variant: 'info' },
  finished: { text: 'Complete', variant: 'success' },
  failed: { text: 'Failed', variant: 'danger' },
};

const COLUMNS: Column<BulkImportEntity>[] = [
  { key: 'source', header: 'Source group', render: (e) => e.source_full_path },
  {
    key: 'destination',
    header: 'New group',
    render: (e) =>
      e.destination_full_path ? (
        <AppLink href={urls.group(e.destination_full_path)}>{e.destination_full_path}</AppLink>
      ) : (
        '—'
      ),
  },
  { key: 'date', header: 'Date', width: '160px', render: (e) => timeAgo(e.created_at) },
  {
    key: 'status',
    header: 'Status',
    width: '280px',
    render: (e) => {
      const status = STATUS[e.status] ?? { text: e.status, variant: 'neutral' as const };
      return (
        <>
          <Badge variant={status.variant}>{status.text}</Badge>
          {e.failures.map((f) => (
            <div key={f.exception_message} className={csv.error}>
              {f.exception_message}
            </div>
          ))}
        </>
      );
    },
  },
];

/** GitLab's "Group import history": every group the user brought over by direct transfer, newest first. */
export function ImportHistoryPage() {
  const { user, isLoading } = useSession();
  const [page, setPage] = useState(1);
  const groups = useQuery({
    queryKey: ['bulk-import-history', page],
    queryFn: () => fetchImportedGroups(page),
    enabled: Boolean(user),
  });
  if (isLoading) return null;
  if (!user) return <SignInRequired title="Group import history" />;
  return (
    <PlainLayout title="Group import history">
      <header className={layout.pageHeader}>
        <h1>Group import history</h1>
      </header>
      <p className={csv.intro}>
        <AppLink href="/import/bulk_imports/status">Import groups by direct transfer</AppLink>
      </p>
      {groups.isError && <Alert variant="danger">The history could not be read.</Alert>}
      {groups.data && groups.data.entities.length === 0 && (
        <p className={csv.intro}>You have not imported any group by direct transfer yet.</p>
      )}
      {groups.data && groups.data.entities.length > 0 && (
        <Table columns={COLUMNS} rows={groups.data.entities} rowKey={(e) => e.id} caption="Imported groups" />
      )}
      {groups.data && (
        <ButtonPager
          page={page}
          prevPage={page > 1 ? page - 1 : null}
          nextPage={groups.data.nextPage}
          onPage={setPage}
        />
      )}
    </PlainLayout>
  );
}
