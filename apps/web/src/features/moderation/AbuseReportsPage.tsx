import { useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { ApiError } from '../../lib/api';
import { formatDate, timeAgo } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
import { showToast } from '../../ui/toast';
import styles from './AbuseReportsPage.module.css';
import { ConfirmQueueAction, QueuePager } from './AdminQueueParts';
import {
  ABUSE_CATEGORIES,
  type AbuseReport,
  type AbuseReportAction,
  type AbuseReportStatus,
  type AbuseReportUser,
} from './moderationApi';
import { useAbuseReports, useResolveAbuseReport } from './queries';

const CATEGORY_TEXT = Object.fromEntries(ABUSE_CATEGORIES) as Record<string, string>;

/** Each action: its button, the question it asks first, and the toast once done. */
const ACTIONS: Record<AbuseReportAction, { label: string; confirm: (user: string) => string; done: string }> = {
  close: { label: 'Close', confirm: () => 'Close this report without acting on the user?', done: 'Report closed.' },
  block_user: {
    label: 'Block user',
    confirm: (user) => `Block ${user}? They will no longer be able to sign in or use the API.`,
    done: 'User blocked and report closed.',
  },
  ban_user: {
    label: 'Ban user',
    confirm: (user) =>
      `Ban ${user}? They cannot sign in, and their issues are hidden from everyone but administrators.`,
    done: 'User banned and report closed.',
  },
  trust_user: {
    label: 'Trust user',
    confirm: (user) => `Trust ${user}? They become active again (unbanned, unblocked) and their content is shown.`,
    done: 'User trusted and report closed.',
  },
};

function UserCell({ user }: { user: AbuseReportUser | null }) {
  if (!user) return <span className={styles.muted}>Deleted user</span>;
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

/** Only http(s) addresses become links; anything else shows as text (it is what a reporter typed). */
function ReportedUrl({ url }: { url: string }) {
  if (!url) return <span className={styles.muted}>—</span>;
  const safe = /^https?:\/\//i.test(url);
  return safe ? (
    <a className={styles.url} href={url} rel="noopener noreferrer nofollow">
      {url}
    </a>
  ) : (
    <span className={styles.url}>{url}</span>
  );
}

/**
 * `/admin/abuse_reports`: the instance's abuse reports, open ones by default, newest first; each can
 * be closed or acted on (block, ban, trust the reported user), after a confirmation.
 */
export function AbuseReportsPage() {
  const [status, setStatus] = useState<AbuseReportStatus>('open');
  const [page, setPage] = useState(1);
  const reports = useAbuseReports(status, page);
  const resolve = useResolveAbuseReport();
  const [pending, setPending] = useState<{ report: AbuseReport; action: AbuseReportAction } | null>(null);

  const showStatus = (next: AbuseReportStatus) => {
    setStatus(next);
    setPage(1);
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      await resolve.mutateAsync({ id: pending.report.id, action: pending.action });
      showToast(ACTIONS[pending.action].done);
      setPending(null);
    } catch {
      // The dialog shows resolve.error.
    }
  };

  const columns: Column<AbuseReport>[] = [
    { key: 'user', header: 'Reported user', render: (r) => <UserCell user={r.user} /> },
    { key: 'category', header: 'Category', render: (r) => CATEGORY_TEXT[r.category] ?? r.category },
    { key: 'reporter', header: 'Reported by', render: (r) => <UserCell user={r.reporter} />, secondary: true },
    { key: 'url', header: 'Reported from', render: (r) => <ReportedUrl url={r.reported_from_url} />, secondary: true },
    {
      key: 'created',
      header: 'Reported',
      render: (r) => (
        <time dateTime={r.created_at} title={formatDate(r.created_at)}>
          {timeAgo(r.created_at)}
        </time>
      ),
    },
    {
      key: 'actions',
      header: status === 'open' ? 'Actions' : 'Resolution',
      render: (r) =>
        r.status === 'closed' ? (
          <span className={styles.muted}>
            {r.resolution ? ACTIONS[r.resolution].label : 'Closed'}
            {r.resolved_by ? ` by @${r.resolved_by.username}` : ''}
          </span>
        ) : (
          <div className={styles.actions}>
            {(Object.keys(ACTIONS) as AbuseReportAction[]).map((action) => (
              <Button
                key={action}
                size="small"
                variant={action === 'ban_user' || action === 'block_user' ? 'danger' : 'default'}
                onPress={() => {
                  resolve.reset();
                  setPending({ report: r, action });
                }}
                aria-label={`${ACTIONS[action].label}: report ${r.id} about @${r.user?.username ?? 'deleted user'}`}
              >
                {ACTIONS[action].label}
              </Button>
            ))}
          </div>
        ),
    },
  ];

  const data = reports.data;
  return (
    <PlainLayout title="Abuse reports · Admin">
      <header className={styles.header}>
        <h1>Abuse reports</h1>
      </header>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">Status</legend>
        {(['open', 'closed'] as const).map((s) => (
          <Button
            key={s}
            size="small"
            variant={status === s ? 'confirm' : 'default'}
            aria-pressed={status === s}
            onPress={() => showStatus(s)}
          >
            {s === 'open' ? 'Open' : 'Closed'}
          </Button>
        ))}
      </fieldset>
      {reports.isLoading && <Spinner label="Loading abuse reports" />}
      {reports.error && (
        <Alert variant="danger">
          {reports.error instanceof ApiError && (reports.error.status === 403 || reports.error.status === 401)
            ? 'Only administrators can see abuse reports.'
            : reports.error.message}
        </Alert>
      )}
      {data && data.items.length === 0 && (
        <EmptyState title={status === 'open' ? 'No open abuse reports' : 'No closed abuse reports'} />
      )}
      {data && data.items.length > 0 && (
        <>
          <Table
            caption={`${status === 'open' ? 'Open' : 'Closed'} abuse reports`}
            columns={columns}
            rows={data.items}
            rowKey={(r) => r.id}
          />
          <QueuePager page={data.page} prevPage={data.prevPage} nextPage={data.nextPage} onPage={setPage} />
        </>
      )}
      {pending && (
        <ConfirmQueueAction
          label={ACTIONS[pending.action].label}
          text={ACTIONS[pending.action].confirm(pending.report.user ? `@${pending.report.user.username}` : 'this user')}
          danger={!(pending.action === 'close' || pending.action === 'trust_user')}
          error={resolve.error}
          busy={resolve.isPending}
          onCancel={() => setPending(null)}
          onConfirm={() => void confirm()}
        />
      )}
    </PlainLayout>
  );
}
