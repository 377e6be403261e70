import { useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ApiError } from '../../lib/api';
import { formatDate, timeAgo } from '../../lib/format';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
import { showToast } from '../../ui/toast';
import styles from './AbuseReportsPage.module.css';
import { ConfirmQueueAction, QueuePager } from './AdminQueueParts';
import type { SpamLog, SpamLogAction } from './moderationApi';
import { useSpamLogAction, useSpamLogs } from './queries';

/** GitLab's four actions, each with the question asked first and the toast once done. */
const ACTIONS: Record<SpamLogAction, { label: string; confirm: (user: string) => string; done: string }> = {
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

function UserCell({ log }: { log: SpamLog }) {
  const user = log.user;
  if (!user) return <span className={styles.muted}>(removed)</span>;
  return (
    <span>
      {user.name} <span className={styles.muted}>@{user.username}</span>
      {user.state !== 'active' && (
        <>
          {' '}
          <Badge variant="danger">{user.state}</Badge>
        </>
      )}
    </span>
  );
}

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
  const act = useSpamLogAction();
  const [pending, setPending] = useState<{ log: SpamLog; action: SpamLogAction } | null>(null);

  if (isLoading) return <PageSpinner label="Loading" />;
  const refused = logs.error instanceof ApiError && [401, 403, 404].includes(logs.error.status);
  if (!isAdmin || refused) return <NotFoundPage />;

  const confirm = async () => {
    if (!pending) return;
    try {
      await act.mutateAsync({ id: pending.log.id, action: pending.action });
      showToast(ACTIONS[pending.action].done);
      setPending(null);
    } catch {
      // The dialog shows act.error.
    }
  };

  const columns: Column<SpamLog>[] = [
    { key: 'user', header: 'User', render: (l) => <UserCell log={l} /> },
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
      render: (l) => (
        <time dateTime={l.created_at} title={formatDate(l.created_at)}>
          {timeAgo(l.created_at)}
        </time>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (l) => (
        <div className={styles.actions}>
          {rowActions(l).map((action) => (
            <Button
              key={action}
              size="small"
              variant={DANGER.has(action) ? 'danger' : 'default'}
              onPress={() => {
                act.reset();
                setPending({ log: l, action });
              }}
              aria-label={`${ACTIONS[action].label}: spam log ${l.id}${l.user ? ` by @${l.user.username}` : ''}`}
            >
              {ACTIONS[action].label}
            </Button>
          ))}
        </div>
      ),
    },
  ];

  const data = logs.data;
  return (
    <PlainLayout title="Spam logs · Admin">
      <header className={styles.header}>
        <h1>Spam logs</h1>
      </header>
      {logs.isLoading && <Spinner label="Loading spam logs" />}
      {logs.error && !refused && <Alert variant="danger">{logs.error.message}</Alert>}
      {data && data.items.length === 0 && <EmptyState title="There are no spam logs" />}
      {data && data.items.length > 0 && (
        <>
          <Table caption="Spam logs" columns={columns} rows={data.items} rowKey={(l) => l.id} />
          <QueuePager page={data.page} prevPage={data.prevPage} nextPage={data.nextPage} onPage={setPage} />
        </>
      )}
      {pending && (
        <ConfirmQueueAction
          label={ACTIONS[pending.action].label}
          text={ACTIONS[pending.action].confirm(pending.log.user ? `@${pending.log.user.username}` : 'this user')}
          danger={DANGER.has(pending.action)}
          error={act.error}
          busy={act.isPending}
          onCancel={() => setPending(null)}
          onConfirm={() => void confirm()}
        />
      )}
    </PlainLayout>
  );
}
