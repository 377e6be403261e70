import { useState } from 'react';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import type { Column } from '../../ui/Table';
import { AdminPage } from '../admin/AdminPage';
import styles from './AbuseReportsPage.module.css';
import { type QueueAction, QueueTable, QueueTime, QueueUser, useQueueActions } from './AdminQueueParts';
import type { SpamLog, SpamLogAction } from './moderationApi';
import { useSpamLogAction, useSpamLogs } from './queries';

/** GitLab's four actions, each with the question asked first and the toast once done. */
const ACTIONS: Record<SpamLogAction, QueueAction> = {
  remove_user: {
    label: 'Remove user',
    confirm: (user) => `User ${user} will be removed! Are you sure?`,
    done: 'User removed.',
  },
  block_user: {
    label: 'Block user',
    confirm: (user) => `Block ${user}? They will no longer be able to sign in or use the API.`,
    done: 'User blocked.',
  },
  remove_log: { label: 'Remove log', confirm: () => 'Remove this spam log?', done: 'Spam log removed.' },
  trust_user: {
    label: 'Trust user',
    confirm: (user) => `Trust ${user}? They become active again (unblocked, unbanned).`,
    done: 'User trusted.',
  },
};
const DANGER: ReadonlySet<SpamLogAction> = new Set(['remove_user', 'block_user']);

/** The actions a row offers: the user ones only while its author exists; Block or Trust by their state. */
function rowActions(log: SpamLog): SpamLogAction[] {
  if (!log.user) return ['remove_log'];
  const blocked = log.user.state === 'blocked' || log.user.state === 'banned';
  return ['remove_user', blocked ? 'trust_user' : 'block_user', 'remove_log'];
}

/**
 * `/admin/spam_logs`: GitLab's Admin › Spam logs — what administrators submitted as spam, newest
 * first, with Remove user, Block user (or Trust user once blocked) and Remove log. Administrators only:
 * anyone else gets the not-found page.
 */
export function SpamLogsPage() {
  const { user: me, isLoading } = useSession();
  const isAdmin = me?.is_admin === true;
  const [page, setPage] = useState(1);
  const logs = useSpamLogs(page, isAdmin);
  const act = useQueueActions<SpamLog, SpamLogAction>(ACTIONS, (action) => DANGER.has(action), useSpamLogAction());

  if (isLoading) return <PageSpinner label="Loading" />;
  const refused = logs.error instanceof ApiError && [401, 403, 404].includes(logs.error.status);
  if (!isAdmin || refused) return <NotFoundPage />;

  const columns: Column<SpamLog>[] = [
    { key: 'user', header: 'User', render: (l) => <QueueUser user={l.user} missing="(removed)" /> },
    {
      key: 'ip',
      header: 'Source IP',
      render: (l) => l.source_ip ?? <span className={styles.muted}>—</span>,
      secondary: true,
    },
    { key: 'type', header: 'Type', render: (l) => l.noteable_type },
    { key: 'title', header: 'Title', render: (l) => l.title },
    {
      key: 'description',
      header: 'Description',
      render: (l) => <span className={styles.url}>{l.description || '—'}</span>,
      secondary: true,
    },
    {
      key: 'recaptcha',
      header: 'Recaptcha verified',
      render: (l) => (l.recaptcha_verified ? 'Yes' : 'No'),
      secondary: true,
    },
    {
      key: 'date',
      header: 'Date',
      render: (l) => <QueueTime at={l.created_at} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (l) => (
        <div className={styles.actions}>
          {rowActions(l).map((action) =>
            act.button(
              l,
              action,
              `${ACTIONS[action].label}: spam log ${l.id}${l.user ? ` by @${l.user.username}` : ''}`,
            ),
          )}
        </div>
      ),
    },
  ];

  return (
    <AdminPage title="Spam logs" heading="Spam logs">
      {logs.isLoading && <Spinner label="Loading spam logs" />}
      {logs.error && !refused && <Alert variant="danger">{logs.error.message}</Alert>}
      <QueueTable
        data={logs.data}
        caption="Spam logs"
        columns={columns}
        emptyTitle="There are no spam logs"
        onPage={setPage}
      />
      {act.dialog}
    </AdminPage>
  );
}
