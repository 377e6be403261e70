import pg from 'pg';

/**
 * What every PostgreSQL session of the test server was doing, as text: printed when a test fails
 * on PostgreSQL, so a stall in CI (whose log is all that is kept) shows who waited on what
 * (docs/TESTING.md: two CI runs each had one test stall there that no local run reproduced).
 * Uses a connection of its own: the app's pool may be the thing that is stuck.
 */
export async function pgActivityReport(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<Record<string, unknown>>(
      `SELECT pid, datname, state, wait_event_type, wait_event,
              round(extract(epoch FROM now() - xact_start)::numeric, 1) AS xact_seconds,
              pg_blocking_pids(pid) AS blocked_by, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
       FROM pg_stat_activity
       WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle'
       ORDER BY xact_start NULLS LAST`,
    );
    return rows.length === 0 ? 'no active sessions' : rows.map((row) => JSON.stringify(row)).join('\n');
  } catch (error) {
    return `could not read pg_stat_activity: ${String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
