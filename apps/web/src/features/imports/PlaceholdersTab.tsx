import { useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { PageSpinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
import styles from './Placeholders.module.css';
import { useKeepAllAsPlaceholder, useSourceUserAction, useSourceUsers, useUserSearch } from './placeholderQueries';
import type { SourceUser, UserChoice } from './sourceUsersApi';

/** GitLab's words for each reassignment status. */
export const STATUS_BADGES: Record<string, [string, BadgeVariant]> = {
  PENDING_REASSIGNMENT: ['Not started', 'muted'],
  AWAITING_APPROVAL: ['Pending approval', 'warning'],
  REASSIGNMENT_IN_PROGRESS: ['Reassigning', 'info'],
  COMPLETED: ['Success', 'success'],
  FAILED: ['Failed', 'danger'],
  KEEP_AS_PLACEHOLDER: ['Kept as placeholder', 'neutral'],
  REJECTED: ['Rejected', 'danger'],
};

/** A username typed or chosen from the active users found; the user once it names one of them. */
function UserPicker({ label, search, onSearch }: { label: string; search: string; onSearch: (value: string) => void }) {
  const users = useUserSearch(search.trim().replace(/^@/, ''));
  const listId = `${label.replace(/\W/g, '-')}-users`;
  return (
    <>
      <input
        className={form.input}
        aria-label={label}
        placeholder="Select user"
        list={listId}
        value={search}
        maxLength={255}
        onChange={(event) => onSearch(event.target.value)}
      />
      <datalist id={listId}>
        {(users.data ?? []).map((u) => (
          <option key={u.id} value={u.username}>
            {u.name}
          </option>
        ))}
      </datalist>
    </>
  );
}

function Actions({ row }: { row: SourceUser }) {
  const action = useSourceUserAction();
  const [search, setSearch] = useState('');
  const users = useUserSearch(search.trim().replace(/^@/, ''));
  const user: UserChoice | null =
    users.data?.find((u) => u.username.toLowerCase() === search.trim().replace(/^@/, '').toLowerCase()) ?? null;
  const name = row.sourceName ?? row.sourceUsername ?? 'source user';
  const error = action.error ? <p className={styles.error}>{action.error.message}</p> : null;
  if (row.status === 'AWAITING_APPROVAL') {
    return (
      <div className={styles.actions}>
        <span>
          {row.reassignToUser?.name} <span className={styles.muted}>@{row.reassignToUser?.username}</span>
        </span>
        <Button
          size="small"
          isDisabled={action.isPending}
          onPress={() => action.mutate({ kind: 'resend', id: row.id })}
        >
          Notify again
        </Button>
        <Button
          size="small"
          isDisabled={action.isPending}
          onPress={() => action.mutate({ kind: 'cancel', id: row.id })}
        >
          Cancel reassignment
        </Button>
        {error}
      </div>
    );
  }
  if (row.status === 'COMPLETED' || row.status === 'REASSIGNMENT_IN_PROGRESS') {
    const to = row.reassignToUser;
    return to ? (
      <span>
        {to.name} <span className={styles.muted}>@{to.username}</span>
      </span>
    ) : null;
  }
  if (row.status === 'KEEP_AS_PLACEHOLDER') {
    return (
      <div className={styles.actions}>
        <span className={styles.muted}>Kept as placeholder</span>
        <Button
          size="small"
          isDisabled={action.isPending}
          onPress={() => action.mutate({ kind: 'undoKeep', id: row.id })}
        >
          Undo
        </Button>
        {error}
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <UserPicker label={`Reassign ${name} to`} search={search} onSearch={setSearch} />
      <Button
        size="small"
        variant="confirm"
        isDisabled={!user || action.isPending}
        onPress={() => user && action.mutate({ kind: 'reassign', id: row.id, userId: user.id })}
      >
        Reassign
      </Button>
      <Button size="small" isDisabled={action.isPending} onPress={() => action.mutate({ kind: 'keep', id: row.id })}>
        Don't reassign
      </Button>
      {error}
    </div>
  );
}

const COLUMNS: Column<SourceUser>[] = [
  {
    key: 'placeholder',
    header: 'Placeholder user',
    render: (row) => (
      <span>
        {row.placeholderUser?.name ?? row.sourceName}
        <br />
        <span className={styles.muted}>@{row.placeholderUser?.username ?? row.sourceUsername}</span>
      </span>
    ),
  },
  {
    key: 'source',
    header: 'Source',
    render: (row) => (
      <span>
        {row.sourceHostname}
        <br />
        <span className={styles.muted}>@{row.sourceUsername}</span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Reassignment status',
    render: (row) => {
      const [text, variant] = STATUS_BADGES[row.status] ?? [row.status, 'neutral'];
      return (
        <Badge variant={variant} title={row.reassignmentError ?? undefined}>
          {text}
        </Badge>
      );
    },
  },
  { key: 'reassign', header: 'Reassign placeholder to', render: (row) => <Actions row={row} /> },
];

/** Keeps every placeholder still waiting for someone, after the Owner confirms. */
function KeepAll({ namespaceId, waiting }: { namespaceId: string | null; waiting: number }) {
  const keepAll = useKeepAllAsPlaceholder();
  const [confirming, setConfirming] = useState(false);
  if (keepAll.isSuccess && !confirming) {
    return (
      <Alert variant="success">{`${keepAll.data} ${keepAll.data === 1 ? 'placeholder user' : 'placeholder users'} kept.`}</Alert>
    );
  }
  if (waiting === 0 || namespaceId === null) return null;
  return (
    <div className={styles.actions}>
      {confirming ? (
        <>
          <span>{`Keep the ${waiting === 1 ? 'placeholder user' : `${waiting} placeholder users`} not reassigned yet? Their contributions stay with the placeholders.`}</span>
          <Button
            size="small"
            variant="danger"
            isDisabled={keepAll.isPending}
            onPress={() => keepAll.mutate(namespaceId, { onSettled: () => setConfirming(false) })}
          >
            Keep all
          </Button>
          <Button size="small" onPress={() => setConfirming(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button size="small" onPress={() => setConfirming(true)}>
          Keep all as placeholders
        </Button>
      )}
      {keepAll.error ? <p className={styles.error}>{keepAll.error.message}</p> : null}
    </div>
  );
}

/**
 * GitLab's Placeholders tab of a top-level group's members page: the people of the sources imported
 * into the group, their reassignment status, and the Owner's actions.
 */
export function PlaceholdersTab({ groupPath }: { groupPath: string }) {
  const [search, setSearch] = useState('');
  const query = useSourceUsers(groupPath, search);
  return (
    <section aria-label="Placeholders">
      <p className={styles.intro}>
        Placeholder users are created during imports to hold the contributions of users of the source instance. Reassign
        them to users on this instance: each user is asked by email to accept or reject.
      </p>
      <input
        className={`${form.input} ${styles.search}`}
        aria-label="Search placeholders"
        placeholder="Search by name or username"
        value={search}
        maxLength={255}
        onChange={(event) => setSearch(event.target.value)}
      />
      {query.isPending ? (
        <PageSpinner label="Loading placeholders" />
      ) : query.isError ? (
        <Alert variant="danger">{query.error.message}</Alert>
      ) : !query.data || query.data.nodes?.length === 0 ? (
        <p className={styles.muted}>There are no placeholder users in this group.</p>
      ) : (
        <>
          <KeepAll
            namespaceId={query.data.namespaceId}
            waiting={
              (query.data.nodes ?? []).filter((n) => n?.status === 'PENDING_REASSIGNMENT' || n?.status === 'REJECTED')
                .length
            }
          />
          <Table
            caption="Placeholder users"
            columns={COLUMNS}
            rows={(query.data.nodes ?? []).filter((n): n is SourceUser => n !== null)}
            rowKey={(row) => row.id}
          />
        </>
      )}
    </section>
  );
}
