-- The Stripe events this instance has handled (payment_intent.succeeded / payment_failed settle a
-- subscription order). Stripe delivers an event at least once and redelivers on any doubt; the
-- event id is inserted in the same transaction as the order's change, so a redelivered event finds
-- its row and changes nothing.
CREATE TABLE stripe_webhook_events (
  event_id text PRIMARY KEY,
  event_type text NOT NULL,
  order_id integer REFERENCES subscription_orders(id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
