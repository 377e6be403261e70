import { type ReactNode, useState } from 'react';
import { formatDate, timeAgo } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ButtonPager } from '../../ui/ButtonPager';
import { EmptyState } from '../../ui/EmptyState';
import { Modal } from '../../ui/Modal';
import { type Column, Table } from '../../ui/Table';
import { showToast } from '../../ui/toast';
import styles from './AbuseReportsPage.module.css';
import moderation from './moderation.module.css';

/** A user named in a queue row: name, @username and, unless active, their state; `missing` once deleted. */
export function QueueUser({
  user,
  missing,
}: {
  user: { name: string; username: string; state: string } | null;
  missing: string;
}) {
  if (!user) return <span className={styles.muted}>{missing}</span>;
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

/** When a queue row came in: how long ago, the full date on hover. */
export function QueueTime({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDate(at)}>
      {timeAgo(at)}
    </time>
  );
}

/** One page of an admin queue: its table and pager, or `emptyTitle` when it has no rows. */
export function QueueTable<Row extends { id: number }>({
  data,
  caption,
  columns,
  emptyTitle,
  onPage,
}: {
  data: { items: Row[]; page: number; prevPage: number | null; nextPage: number | null } | undefined;
  caption: string;
  columns: Column<Row>[];
  emptyTitle: string;
  onPage: (page: number) => void;
}) {
  if (!data) return null;
  if (data.items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <>
      <Table caption={caption} columns={columns} rows={data.items} rowKey={(row) => row.id} />
      <ButtonPager page={data.page} prevPage={data.prevPage} nextPage={data.nextPage} onPage={onPage} />
    </>
  );
}

/** An admin queue's action: its button, the question it asks first (about `user`), and the toast once done. */
export type QueueAction = { label: string; confirm: (user: string) => string; done: string };

/** What an admin queue's action mutation offers (the React Query mutation of `queries.ts`). */
interface QueueMutation<A> {
  mutateAsync: (variables: { id: number; action: A }) => Promise<unknown>;
  reset: () => void;
  error: Error | null;
  isPending: boolean;
}

/**
 * The actions of an admin queue's rows, each confirmed first: `button` asks about a row, `dialog` is
 * the confirmation while one waits, and a confirmed action runs `mutation` and shows its toast.
 */
export function useQueueActions<Row extends { id: number; user: { username: string } | null }, A extends string>(
  actions: Record<A, QueueAction>,
  isDanger: (action: A) => boolean,
  mutation: QueueMutation<A>,
): { button: (row: Row, action: A, ariaLabel: string) => ReactNode; dialog: ReactNode } {
  const [pending, setPending] = useState<{ row: Row; action: A } | null>(null);
  const confirm = async () => {
    if (!pending) return;
    try {
      await mutation.mutateAsync({ id: pending.row.id, action: pending.action });
      showToast(actions[pending.action].done);
      setPending(null);
    } catch {
      // The dialog shows mutation.error.
    }
  };
  const button = (row: Row, action: A, ariaLabel: string) => (
    <Button
      key={action}
      size="small"
      variant={isDanger(action) ? 'danger' : 'default'}
      onPress={() => {
        mutation.reset();
        setPending({ row, action });
      }}
      aria-label={ariaLabel}
    >
      {actions[action].label}
    </Button>
  );
  const dialog = pending && (
    <ConfirmQueueAction
      label={actions[pending.action].label}
      text={actions[pending.action].confirm(pending.row.user ? `@${pending.row.user.username}` : 'this user')}
      danger={isDanger(pending.action)}
      error={mutation.error}
      busy={mutation.isPending}
      onCancel={() => setPending(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { button, dialog };
}

/** The confirmation an admin queue's action asks for: "<Action>?", what it does, Cancel and the action. */
function ConfirmQueueAction({
  label,
  text,
  danger,
  error,
  busy,
  onCancel,
  onConfirm,
}: {
  label: string;
  text: string;
  danger: boolean;
  error: Error | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onCancel()} title={`${label}?`}>
      <p>{text}</p>
      {error && <Alert variant="danger">{error.message}</Alert>}
      <div className={moderation.confirmButtons}>
        <Button onPress={onCancel}>Cancel</Button>
        <Button variant={danger ? 'danger' : 'confirm'} isDisabled={busy} onPress={onConfirm}>
          {label}
        </Button>
      </div>
    </Modal>
  );
}
