import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { ReplicaHost, ReplicaSet } from './replica-hosts';
import { type RequestTarget, requestTarget } from './request-target';

/** What a replica answers to a write: PostgreSQL's read_only_sql_transaction. */
const READ_ONLY = '25006';
/** A query cancelled because replay needed what it was reading ("conflict with recovery"). */
const RECOVERY_CONFLICT = '40001';
const LOST_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);

/** Kysely opens a transaction with `begin` or `start transaction …`: a transaction runs on the primary. */
const STARTS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;

function lostConnection(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (code) return code.startsWith('08') || LOST_CONNECTION_CODES.has(code);
  return /Connection terminated|Query read timeout|timeout exceeded when trying to connect/i.test(message ?? '');
}

/**
 * A connection of a request that reads on a replica. Each statement runs there, except: a
 * transaction, and any statement the replica refuses (a write), loses (a lost server) or cancels
 * (a recovery conflict), which runs on the primary — the statement was not applied, so running it
 * again is exact — and from then on the whole request reads on the primary.
 */
class ReplicaFirstClient implements PostgresPoolClient {
  private client: PostgresPoolClient;
  private onReplica = true;

  constructor(
    replicaClient: PostgresPoolClient,
    private readonly host: ReplicaHost,
    private readonly target: RequestTarget,
    private readonly primary: PostgresPool,
    private readonly replicas: ReplicaSet,
  ) {
    this.client = replicaClient;
  }

  // node-postgres' overloads and Kysely's differ only in their row types.
  query = ((sqlOrCursor: string | PostgresCursor<unknown>, parameters: ReadonlyArray<unknown> = []) => {
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as never);
    return this.run(sqlOrCursor, parameters);
  }) as PostgresPoolClient['query'];

  private send(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<unknown>> {
    return this.client.query<unknown>(text, parameters);
  }

  private async run(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<unknown>> {
    if (this.onReplica && STARTS_TRANSACTION.test(text)) {
      // A transaction is how a service writes: as for a refused write, the reader's next reads must see it.
      this.target.wrote = true;
      await this.moveToPrimary();
    }
    if (!this.onReplica) return this.send(text, parameters);
    try {
      return await this.send(text, parameters);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === READ_ONLY) this.target.wrote = true;
      else if (lostConnection(error)) this.replicas.markOffline(this.host, error);
      else if (code !== RECOVERY_CONFLICT) throw error;
      await this.moveToPrimary();
      return this.send(text, parameters);
    }
  }

  private async moveToPrimary(): Promise<void> {
    this.client.release();
    this.onReplica = false;
    this.target.replica = null;
    this.client = await this.primary.connect();
  }

  release(): void {
    this.client.release();
  }
}

/**
 * Kysely's pool when read replicas are configured: a statement of a request the load balancer sent
 * to a replica (request-target.ts) runs there; every other statement on the primary, as before.
 */
export function routingPool(primary: PostgresPool, replicas: ReplicaSet): PostgresPool {
  return {
    async connect() {
      const target = requestTarget();
      const host = target?.replica;
      if (!target || !host) return primary.connect();
      try {
        return new ReplicaFirstClient(await host.pool.connect(), host, target, primary, replicas);
      } catch (error) {
        replicas.markOffline(host, error);
        target.replica = null;
        return primary.connect();
      }
    },
    end: () => primary.end(),
  };
}
