-- Incident escalation policies and paging (IE §4 "Escalation paging: paged, stops paging"):
-- GitLab's incident_management_escalation_policies and _escalation_rules (a rule pages a user when
-- the incident has not reached the rule's status after its elapsed time; Meridian has no on-call
-- schedules, so a rule names a user), the policy an incident follows, and its pending escalations
-- (incident_management_pending_issue_escalations: one row per rule still to page, due at process_at).

CREATE TABLE incident_management_escalation_policies (
  id serial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 72),
  description text CHECK (length(description) <= 160),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- GitLab allows one policy per project.
CREATE UNIQUE INDEX escalation_policies_one_per_project ON incident_management_escalation_policies (project_id);

CREATE TABLE incident_management_escalation_rules (
  id serial PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES incident_management_escalation_policies (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('acknowledged', 'resolved')),
  elapsed_time_seconds integer NOT NULL CHECK (elapsed_time_seconds BETWEEN 0 AND 86400),
  UNIQUE (policy_id, user_id, status, elapsed_time_seconds)
);

ALTER TABLE issues
  ADD COLUMN escalation_policy_id integer
    REFERENCES incident_management_escalation_policies (id) ON DELETE SET NULL,
  ADD COLUMN escalations_started_at timestamptz;
CREATE INDEX issues_escalation_policy ON issues (escalation_policy_id) WHERE escalation_policy_id IS NOT NULL;

-- Claimed by one process at a time (locked_until, a lease), then paged and deleted.
CREATE TABLE incident_management_pending_issue_escalations (
  id serial PRIMARY KEY,
  rule_id integer NOT NULL REFERENCES incident_management_escalation_rules (id) ON DELETE CASCADE,
  issue_id integer NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  process_at timestamptz NOT NULL,
  locked_until timestamptz,
  -- Who started the escalation (set the policy, or reopened the incident): the page's note is theirs.
  created_by_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issue_id, rule_id)
);
CREATE INDEX pending_issue_escalations_due ON incident_management_pending_issue_escalations (process_at);
CREATE INDEX pending_issue_escalations_rule ON incident_management_pending_issue_escalations (rule_id);
