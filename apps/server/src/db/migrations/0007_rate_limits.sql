-- Rate-limit counters shared by every Meridian process on one database (src/rate-limit/).
-- One row per bucket and key (e.g. sign-in attempts from one address); a counted request is one
-- INSERT … ON CONFLICT DO UPDATE … RETURNING. A row whose window has passed starts over at 1 on its
-- next hit, and a sweeper deletes rows expired for a while. UNLOGGED: counters are disposable, so
-- they skip the write-ahead log (a crash empties the table, which only resets the windows).
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_at_idx ON rate_limits (expires_at);
