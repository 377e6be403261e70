-- A top-level group's subscription (GitLab's `gitlab_subscriptions`): its plan and seats, and the
-- seat usage kept up to date by every membership write (seats_in_use now, max_seats_used its high
-- mark since the term began). A group without a row is on the free plan.
CREATE TABLE gitlab_subscriptions (
  namespace_id integer PRIMARY KEY REFERENCES namespaces(id) ON DELETE CASCADE,
  plan_code text NOT NULL DEFAULT 'free'
    CHECK (plan_code IN ('free', 'premium', 'premium_trial', 'ultimate', 'ultimate_trial')),
  seats integer NOT NULL DEFAULT 0 CHECK (seats >= 0),
  seats_in_use integer NOT NULL DEFAULT 0 CHECK (seats_in_use >= 0),
  max_seats_used integer NOT NULL DEFAULT 0 CHECK (max_seats_used >= 0),
  max_seats_used_changed_at timestamptz,
  start_date date,
  end_date date,
  trial_ends_on date,
  auto_renew boolean,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- When the user last signed in (GitLab's `current_sign_in_at`, the billable members' `last_login_at`).
ALTER TABLE users ADD COLUMN current_sign_in_at timestamptz;
