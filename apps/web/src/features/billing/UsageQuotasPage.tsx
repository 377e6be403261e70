import { useState } from 'react';
import { formatDate, timeAgo } from '../../lib/format';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ButtonPager } from '../../ui/ButtonPager';
import form from '../../ui/Form.module.css';
import { type Column, Table } from '../../ui/Table';
import { NamespacePageFrame } from '../shared/NamespacePageFrame';
import type { BillableMember, GroupSubscription } from './billingApi';
import { MembershipsDrawer } from './MembershipsDrawer';
import { useBillableMembers, useGroupSubscription, useRemoveBillableMember } from './queries';
import { RemoveBillableMemberDialog } from './RemoveBillableMemberDialog';
import { gateSubscriptionPage } from './subscriptionGate';
import styles from './UsageQuotas.module.css';

const MEMBERSHIP_TYPE: Record<BillableMember['membership_type'], string> = {
  group_member: 'Group member',
  project_member: 'Project member',
  group_invite: 'Group invite',
  project_invite: 'Project invite',
};

/** The subscription's figures: plan, seats in use of those bought, the high mark and what is owed. */
function SeatsSummary({ subscription }: { subscription: GroupSubscription }) {
  const { plan, usage, billing } = subscription;
  return (
    <dl className={styles.summary} aria-label="Seats">
      <div>
        <dt>Plan</dt>
        <dd>{plan.name}</dd>
      </div>
      <div>
        <dt>Seats in use</dt>
        <dd>
          {usage.seats_in_use}
          {usage.seats_in_subscription > 0 && ` / ${usage.seats_in_subscription}`}
        </dd>
      </div>
      <div>
        <dt>Max seats used</dt>
        <dd>{usage.max_seats_used}</dd>
      </div>
      <div>
        <dt>Seats owed</dt>
        <dd>{usage.seats_owed}</dd>
      </div>
      {billing.subscription_end_date && (
        <div>
          <dt>Subscription end date</dt>
          <dd>{formatDate(billing.subscription_end_date)}</dd>
        </div>
      )}
      {plan.exclude_guests && <p className={styles.meta}>Users with the Guest role are not billable on {plan.name}.</p>}
    </dl>
  );
}

function SeatsSection({ groupPath, groupName }: { groupPath: string; groupName: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [showing, setShowing] = useState<BillableMember | null>(null);
  const [removing, setRemoving] = useState<BillableMember | null>(null);
  const subscription = useGroupSubscription(groupPath);
  const members = useBillableMembers(groupPath, page, search);
  const remove = useRemoveBillableMember(groupPath);

  const gate = gateSubscriptionPage(subscription, members, 'Loading seats');
  if (!gate.ready) return gate.view;

  const columns: Column<BillableMember>[] = [
    {
      key: 'user',
      header: 'User',
      render: (m) => (
        <span className={styles.user}>
          <Avatar name={m.name} src={m.avatar_url} size={32} seed={m.id} />
          <span>
            <strong>{m.name}</strong>
            <span className={styles.meta}> @{m.username}</span>
            {m.email && <span className={styles.meta}> · {m.email}</span>}
          </span>
        </span>
      ),
    },
    { key: 'type', header: 'Type', render: (m) => MEMBERSHIP_TYPE[m.membership_type], secondary: true },
    {
      key: 'activity',
      header: 'Last activity',
      render: (m) => (m.last_activity_on ? formatDate(m.last_activity_on) : 'Never'),
      secondary: true,
    },
    { key: 'login', header: 'Last login', render: (m) => (m.last_login_at ? timeAgo(m.last_login_at) : 'Never') },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (m) => (
        <span className={styles.actions}>
          <Button size="small" onPress={() => setShowing(m)}>
            Memberships
          </Button>
          <Button
            size="small"
            variant="danger"
            isDisabled={!m.removable || m.is_last_owner}
            onPress={() => setRemoving(m)}
          >
            Remove user
          </Button>
        </span>
      ),
    },
  ];
  const { items, total, nextPage, prevPage } = gate.data;
  return (
    <section className={styles.section} aria-labelledby="seats">
      <h2 id="seats">Seats</h2>
      <SeatsSummary subscription={gate.subscription} />
      <form
        className={styles.search}
        aria-label="Search billable users"
        onSubmit={(e) => {
          e.preventDefault();
          const value = new FormData(e.currentTarget).get('search');
          setSearch(typeof value === 'string' ? value.trim() : '');
          setPage(1);
        }}
      >
        <label className="visually-hidden" htmlFor="billable-search">
          Search billable users
        </label>
        <input
          id="billable-search"
          name="search"
          className={form.input}
          type="search"
          maxLength={255}
          placeholder="Filter users"
          defaultValue={search}
        />
        <Button type="submit">Search</Button>
      </form>
      <p className={styles.meta}>
        {total === null ? '' : `${total} billable ${total === 1 ? 'user' : 'users'}`}
        {search && ` matching “${search}”`}
      </p>
      {items.length === 0 ? (
        <p className={styles.meta}>No billable users{search ? ' match this search' : ''}.</p>
      ) : (
        <Table columns={columns} rows={items} rowKey={(m) => m.id} caption="Billable users" />
      )}
      <ButtonPager page={page} prevPage={prevPage} nextPage={nextPage} onPage={setPage} />
      <MembershipsDrawer groupPath={groupPath} member={showing} onClose={() => setShowing(null)} />
      <RemoveBillableMemberDialog
        member={removing}
        groupName={groupName}
        pending={remove.isPending}
        error={remove.error}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
        }}
      />
    </section>
  );
}

/**
 * `/groups/:group/-/usage_quotas`: the seats of a top-level group's subscription and the users who
 * take them, for its Owners (GitLab's Usage quotas page, Seats tab); to anyone else it does not exist.
 */
export function UsageQuotasPage({ groupPath }: { groupPath: string }) {
  return (
    <NamespacePageFrame kind="group" fullPath={groupPath} page="usage_quotas" title="Usage quotas">
      {({ query }) => <SeatsSection groupPath={groupPath} groupName={query.data?.name ?? groupPath} />}
    </NamespacePageFrame>
  );
}
