import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import type { Column } from '../../ui/Table';
import { AdminLoadError, AdminPage } from '../admin/AdminPage';
import styles from './AbuseReportsPage.module.css';
import { type QueueAction, QueueTable, QueueTime, QueueUser, useQueueActions } from './AdminQueueParts';
import { ABUSE_CATEGORIES, type AbuseReport, type AbuseReportAction, type AbuseReportStatus } from './moderationApi';
import { useAbuseReports, useResolveAbuseReport } from './queries';

const CATEGORY_TEXT = Object.fromEntries(ABUSE_CATEGORIES) as Record<string, string>;

/** Each action: its button, the question it asks first, and the toast once done. */
const ACTIONS: Record<AbuseReportAction, QueueAction> = {
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
  const act = useQueueActions<AbuseReport, AbuseReportAction>(
    ACTIONS,
    (action) => action === 'ban_user' || action === 'block_user',
    useResolveAbuseReport(),
  );

  const showStatus = (next: AbuseReportStatus) => {
    setStatus(next);
    setPage(1);
  };
  const columns: Column<AbuseReport>[] = [
    { key: 'user', header: 'Reported user', render: (r) => <QueueUser user={r.user} missing="Deleted user" /> },
    { key: 'category', header: 'Category', render: (r) => CATEGORY_TEXT[r.category] ?? r.category },
    {
      key: 'reporter',
      header: 'Reported by',
      render: (r) => <QueueUser user={r.reporter} missing="Deleted user" />,
      secondary: true,
    },
    { key: 'url', header: 'Reported from', render: (r) => <ReportedUrl url={r.reported_from_url} />, secondary: true },
    {
      key: 'created',
      header: 'Reported',
      render: (r) => <QueueTime at={r.created_at} />,
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
            {(Object.keys(ACTIONS) as AbuseReportAction[]).map((action) =>
              act.button(
                r,
                action,
                `${ACTIONS[action].label}: report ${r.id} about @${r.user?.username ?? 'deleted user'}`,
              ),
            )}
          </div>
        ),
    },
  ];

  return (
    <AdminPage title="Abuse reports" heading="Abuse reports">
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
      <AdminLoadError error={reports.error} refusal="Only administrators can see abuse reports." />
      <QueueTable
        data={reports.data}
        caption={`${status === 'open' ? 'Open' : 'Closed'} abuse reports`}
        columns={columns}
        emptyTitle={status === 'open' ? 'No open abuse reports' : 'No closed abuse reports'}
        onPage={setPage}
      />
      {act.dialog}
    </AdminPage>
  );
}
