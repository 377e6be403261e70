import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * A statement whose text starts with this comment runs as a NAMED prepared statement on its
 * connection: PostgreSQL parses it once per connection and, after five runs, may keep a generic
 * plan instead of planning it anew each time. The GraphQL levels' combined reads (combined-reads.ts)
 * carry it: large statements of a fixed shape per request kind, whose planning cost more than their
 * execution (docs/BENCHMARKS.md, "Epic child tree").
 */
export const PREPARE_MARK = '/* prepared */ ';

/** Named statements kept per connection; past it, new texts run unnamed (a hostile mix of documents can't grow server memory). */
export const MAX_PREPARED_PER_CONNECTION = 100;

function statementName(text: string): string {
  return `meridian_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/**
 * Kysely's pool, over node-postgres', preparing the marked statements. `enabled: false` (behind a
 * transaction-mode PgBouncer older than 1.21, which can't route named statements) sends them unnamed.
 */
export function preparingPool(pool: pg.Pool, options: { enabled: boolean }): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const named = new Set<string>();
    function query(sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
      const values = [...(parameters ?? [])];
      if (!options.enabled || !sqlOrCursor.startsWith(PREPARE_MARK)) return client.query(sqlOrCursor, values);
      const name = statementName(sqlOrCursor);
      if (!named.has(name)) {
        if (named.size >= MAX_PREPARED_PER_CONNECTION) return client.query(sqlOrCursor, values);
        named.add(name);
      }
      return client.query({ name, text: sqlOrCursor, values });
    }
    // node-postgres' overloads and Kysely's differ only in their row types.
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
