-- Incident management (IE §4): GitLab's severity (issuable_severities), escalation status
-- (incident_management_issuable_escalation_statuses), timeline events
-- (incident_management_timeline_events) and metric images (issuable_metric_images, IE-78).
--
-- Severity and escalation status are one value each per incident, read with every issue row
-- (the REST issue JSON shows `severity`, the page both): kept as columns of `issues` rather than
-- GitLab's side tables, so the change recorder's before/after snapshots hold them like any other
-- field. Only incidents use them; other issue types keep the defaults, which nothing shows.
ALTER TABLE issues
  ADD COLUMN severity text NOT NULL DEFAULT 'unknown'
    CHECK (severity IN ('unknown', 'low', 'medium', 'high', 'critical')),
  ADD COLUMN escalation_status text NOT NULL DEFAULT 'triggered'
    CHECK (escalation_status IN ('triggered', 'acknowledged', 'resolved', 'ignored'));

-- An incident's timeline: what happened when (occurred_at), as Markdown. Listed by occurred_at.
CREATE TABLE incident_management_timeline_events (
  id serial PRIMARY KEY,
  issue_id integer NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  updated_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  occurred_at timestamptz NOT NULL,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 10000),
  note_html text NOT NULL,
  action text NOT NULL DEFAULT 'comment' CHECK (length(action) <= 128),
  editable boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incident_timeline_events_issue_occurred
  ON incident_management_timeline_events (issue_id, occurred_at, id);

-- Metric images uploaded to an incident: the file lives under the uploads directory at
-- `stored_path` (relative); `filename` is the uploader's name for it, shown in file_path.
CREATE TABLE issuable_metric_images (
  id serial PRIMARY KEY,
  issue_id integer NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
  stored_path text NOT NULL CHECK (length(stored_path) <= 512),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  byte_size integer NOT NULL CHECK (byte_size > 0),
  url text CHECK (length(url) <= 255),
  url_text text CHECK (length(url_text) <= 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issuable_metric_images_issue ON issuable_metric_images (issue_id, id);
