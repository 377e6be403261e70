-- Read replicas (DATABASE_REPLICA_URLS): where each user's last write ended in the primary's WAL.
-- A user's reads go to a replica only once it has replayed past this point (read-your-writes, as
-- GitLab's database load balancer sticks a user to the primary). One row per user that has written
-- while replicas were configured; an old position is harmless (every replica is past it).
CREATE TABLE load_balancing_stickiness (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  write_lsn pg_lsn NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
