import { AppLink } from '../../lib/AppLink';
import { formatDate } from '../../lib/format';
import { urls } from '../../lib/paths';
import { buttonClassName } from '../../ui/buttonClassName';
import { type Column, Table } from '../../ui/Table';
import { NamespacePageFrame } from '../shared/NamespacePageFrame';
import type { GroupSubscription } from './billingApi';
import type { Order } from './purchaseApi';
import { useGroupOrders, useGroupSubscription } from './queries';
import { gateSubscriptionPage } from './subscriptionGate';
import styles from './UsageQuotas.module.css';

const PLAN_NAMES: Record<string, string> = { premium: 'Premium', ultimate: 'Ultimate' };
const STATUS: Record<Order['status'], string> = { pending: 'Pending payment', paid: 'Paid', failed: 'Payment failed' };

function Figures({ subscription }: { subscription: GroupSubscription }) {
  const { usage, billing } = subscription;
  const rows: [string, string | number][] = [
    ['Seats in subscription', usage.seats_in_subscription],
    ['Seats currently in use', usage.seats_in_use],
    ['Max seats used', usage.max_seats_used],
    ['Seats owed', usage.seats_owed],
    ['Subscription start date', billing.subscription_start_date ? formatDate(billing.subscription_start_date) : '-'],
    ['Subscription end date', billing.subscription_end_date ? formatDate(billing.subscription_end_date) : '-'],
  ];
  return (
    <dl className={styles.summary} aria-label="Subscription">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Add seats" for a running paid plan; "Buy Premium" / "Buy Ultimate" otherwise (free, trial, or Premium). */
function PurchaseLinks({ groupId, subscription }: { groupId: number; subscription: GroupSubscription }) {
  const { plan } = subscription;
  const paid = plan.code === 'premium' || plan.code === 'ultimate';
  const upgrades = paid ? (plan.code === 'premium' ? ['ultimate'] : []) : ['premium', 'ultimate'];
  return (
    <div className={styles.actions}>
      {paid && (
        <AppLink className={buttonClassName('confirm', 'medium')} href={urls.newSubscription(groupId, plan.code)}>
          Add seats
        </AppLink>
      )}
      {upgrades.map((code) => (
        <AppLink
          key={code}
          className={buttonClassName(paid ? 'default' : 'confirm', 'medium')}
          href={urls.newSubscription(groupId, code)}
        >
          {paid ? `Upgrade to ${PLAN_NAMES[code]}` : `Buy ${PLAN_NAMES[code]}`}
        </AppLink>
      ))}
    </div>
  );
}

const ORDER_COLUMNS: Column<Order>[] = [
  { key: 'invoice', header: 'Invoice', render: (o) => o.invoice_number },
  { key: 'plan', header: 'Plan', render: (o) => PLAN_NAMES[o.plan_code] ?? o.plan_code },
  { key: 'seats', header: 'Seats', render: (o) => o.seats },
  { key: 'status', header: 'Status', render: (o) => STATUS[o.status] },
  { key: 'date', header: 'Ordered', render: (o) => formatDate(o.created_at.slice(0, 10)), secondary: true },
];

function BillingSection({ groupPath, groupId, groupName }: { groupPath: string; groupId: number; groupName: string }) {
  const subscription = useGroupSubscription(groupPath);
  const orders = useGroupOrders(groupPath);
  const gate = gateSubscriptionPage(subscription, orders, 'Loading billing');
  if (!gate.ready) return gate.view;
  const pending = gate.data.filter((o) => o.status === 'pending');
  return (
    <div className={styles.sections}>
      <section className={styles.section} aria-labelledby="current-plan">
        <h2 id="current-plan">
          {groupName} is currently using the {gate.subscription.plan.name} Plan
        </h2>
        <Figures subscription={gate.subscription} />
        {gate.subscription.usage.seats_owed > 0 && (
          <p className={styles.meta}>
            {gate.subscription.usage.seats_owed} seats are in use beyond those bought; they are owed at renewal.
          </p>
        )}
        {groupId > 0 && <PurchaseLinks groupId={groupId} subscription={gate.subscription} />}
      </section>
      <section className={styles.section} aria-labelledby="orders">
        <h2 id="orders">Orders</h2>
        {pending.length > 0 && (
          <p className={styles.meta}>
            {pending.length === 1 ? '1 order is' : `${pending.length} orders are`} waiting for payment. The subscription
            changes once an administrator records the payment of the invoice.
          </p>
        )}
        {gate.data.length === 0 ? (
          <p className={styles.meta}>No orders yet.</p>
        ) : (
          <Table columns={ORDER_COLUMNS} rows={gate.data} rowKey={(o) => o.id} caption="Orders" />
        )}
      </section>
    </div>
  );
}

/**
 * `/groups/:group/-/billings`: a top-level group's plan, seats, seats owed and orders, with links to
 * buy a plan or more seats, for its Owners (GitLab's billing page); to anyone else it does not exist.
 */
export function BillingPage({ groupPath }: { groupPath: string }) {
  return (
    <NamespacePageFrame kind="group" fullPath={groupPath} page="billings" title="Billing">
      {({ query }) => (
        <BillingSection groupPath={groupPath} groupId={query.data?.id ?? 0} groupName={query.data?.name ?? groupPath} />
      )}
    </NamespacePageFrame>
  );
}
