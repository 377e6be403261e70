import type pg from 'pg';

/**
 * PostgreSQL's default random_page_cost (4) prices an index page read as four sequential ones, as
 * on spinning disks. Meridian's hot lists read a cached working set, where that makes the planner
 * scan `issues` sequentially to count a big group's issues (15 ms) instead of walking its covering
 * index per project (5 ms; docs/BENCHMARKS.md, "The capped count's plan"). GitLab ships its
 * PostgreSQL with 2.0; each new connection gets the same, unless the operator set their own value
 * (postgresql.conf, ALTER DATABASE/ROLE): only a setting still at its built-in default is changed.
 */
export const RANDOM_PAGE_COST = '2';

const SET_UNLESS_CONFIGURED = `SELECT set_config('random_page_cost', '${RANDOM_PAGE_COST}', false)
  FROM pg_settings WHERE name = 'random_page_cost' AND source = 'default'`;

/** Applies the planner settings to every connection the pool opens (queued before its first query). */
export function applyPlannerSettings(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.query(SET_UNLESS_CONFIGURED).catch((error: Error) => {
      console.error(`could not apply planner settings: ${error.message}`);
    });
  });
}
