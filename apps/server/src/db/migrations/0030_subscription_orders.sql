-- Purchases of a plan or of more seats for a top-level group (GitLab's orders at its
-- subscription portal). An order stays pending until its payment is confirmed (the offline
-- provider: an administrator marks the invoice paid), which updates gitlab_subscriptions in the
-- same transaction. A retried or double-clicked purchase carries the same idempotency key, and the
-- unique index makes it one order without a check-then-insert race.
CREATE TABLE subscription_orders (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  plan_code text NOT NULL CHECK (plan_code IN ('premium', 'ultimate')),
  seats integer NOT NULL CHECK (seats > 0),
  provider text NOT NULL DEFAULT 'offline',
  payment_method_id text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  invoice_number text NOT NULL UNIQUE,
  idempotency_key text,
  customer_company text,
  customer_country text NOT NULL,
  customer_address_1 text NOT NULL,
  customer_address_2 text,
  customer_city text NOT NULL,
  customer_state text,
  customer_zip_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);

CREATE UNIQUE INDEX subscription_orders_idempotency ON subscription_orders (user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX subscription_orders_namespace ON subscription_orders (namespace_id, id);
CREATE INDEX subscription_orders_pending ON subscription_orders (id) WHERE status = 'pending';
