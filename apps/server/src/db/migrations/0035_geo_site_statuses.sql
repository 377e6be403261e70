-- Geo status reports (GitLab's Geo::MetricsUpdateWorker and `POST /api/v4/geo/status`): each secondary
-- site measures its standby on a schedule and posts the figures to the primary, which keeps the
-- latest report per site. A site whose last report is over 10 minutes old shows as offline.
--
-- The report is signed with HMAC-SHA256 under a secret per site, made here when the site is added
-- (on the primary). It is kept as it is, not as a digest (convention 6): the secondary must sign with
-- it, and reads it from its own database, a streaming standby to which geo_nodes replicates. Two
-- random UUIDs give 244 random bits; each existing site gets its own (the default runs per row).
ALTER TABLE geo_nodes
  ADD COLUMN status_signing_secret text NOT NULL
    DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    CHECK (length(status_signing_secret) BETWEEN 32 AND 255);

-- One row per secondary site, upserted by each report. `last_successful_status_check_at` is when the
-- primary stored the report (its own clock, so the 10-minute rule needs no clock agreement);
-- `reported_at` is the secondary's clock when it measured.
CREATE TABLE geo_node_statuses (
  geo_node_id integer PRIMARY KEY REFERENCES geo_nodes (id) ON DELETE CASCADE,
  db_replication_lag_seconds integer CHECK (db_replication_lag_seconds >= 0),
  wal_receive_lsn text CHECK (length(wal_receive_lsn) <= 32),
  wal_replay_lsn text CHECK (length(wal_replay_lsn) <= 32),
  -- The commit time of the last transaction the standby replayed (pg_last_xact_replay_timestamp()).
  last_event_date timestamptz,
  wal_receiver_status text CHECK (length(wal_receiver_status) <= 64),
  status_message text CHECK (length(status_message) <= 1024),
  version text CHECK (length(version) <= 64),
  revision text CHECK (length(revision) <= 64),
  reported_at timestamptz NOT NULL,
  last_successful_status_check_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
