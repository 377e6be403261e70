import { NotFoundPage } from '../../app/NotFoundPage';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
import { AdminLoadError, AdminPage } from '../admin/AdminPage';
import type { AdminOrder } from './purchaseApi';
import { usePendingOrders, useSettleOrder } from './queries';
import styles from './UsageQuotas.module.css';

/** The two ways an administrator settles an order, as its row's buttons. */
const OUTCOMES = [
  { outcome: 'mark_paid', variant: 'confirm', word: 'paid' },
  { outcome: 'mark_failed', variant: 'danger', word: 'failed' },
] as const;

/**
 * `/admin/subscription_orders`: orders paid by invoice that wait for their payment, oldest first.
 * "Mark as paid" starts the plan (or adds the seats); "Mark as failed" closes the order. Administrators
 * only: anyone else gets the not-found page.
 */
export function AdminOrdersPage() {
  const { user: me, isLoading } = useSession();
  const isAdmin = me?.is_admin === true;
  const orders = usePendingOrders(isAdmin);
  const settle = useSettleOrder();
  if (isLoading) return <PageSpinner label="Loading" />;
  if (!isAdmin) return <NotFoundPage />;
  const columns: Column<AdminOrder>[] = [
    { key: 'invoice', header: 'Invoice', render: (r) => r.order.invoice_number },
    { key: 'group', header: 'Group', render: (r) => r.namespace.full_path },
    { key: 'plan', header: 'Plan', render: (r) => r.order.plan_code },
    { key: 'seats', header: 'Seats', render: (r) => r.order.seats },
    { key: 'date', header: 'Ordered', render: (r) => formatDate(r.order.created_at.slice(0, 10)), secondary: true },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (r) => (
        <span className={styles.actions}>
          {OUTCOMES.map(({ outcome, variant, word }) => (
            <Button
              key={outcome}
              size="small"
              variant={variant}
              isDisabled={settle.isPending}
              aria-label={`Mark ${r.order.invoice_number} as ${word}`}
              onPress={() => settle.mutate({ id: r.order.id, outcome })}
            >
              Mark as {word}
            </Button>
          ))}
        </span>
      ),
    },
  ];
  return (
    <AdminPage title="Subscription orders" heading="Subscription orders">
      <AdminLoadError error={orders.error} refusal="Only administrators can see subscription orders." />
      {settle.isError && <Alert variant="danger">{settle.error.message}</Alert>}
      {orders.isPending ? (
        <PageSpinner label="Loading orders" />
      ) : orders.data && orders.data.length === 0 ? (
        <p className={styles.meta}>No orders are waiting for payment.</p>
      ) : orders.data ? (
        <Table columns={columns} rows={orders.data} rowKey={(r) => r.order.id} caption="Orders waiting for payment" />
      ) : null}
    </AdminPage>
  );
}
