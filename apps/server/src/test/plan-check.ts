import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { CapturedQuery, Database } from '../db/connection';
import { PREPARE_MARK } from '../db/prepared-statements';

/**
 * Tables big enough in production that a sequential scan of one inside a request is a bug: the
 * plan guards (db/hot-request-plans.test.ts) fail on a `Seq Scan` of any of them. Only tables the
 * plan guard world fills (a scan of a near-empty table is the right plan there). Meridian has no
 * events table: system notes are in `notes`.
 */
export const BIG_TABLES = [
  'issues',
  'notes',
  'issue_labels',
  'issue_assignees',
  'issue_links',
  'epics',
  'epic_issues',
  'epic_labels',
  'award_emoji',
  'timelogs',
  'merge_requests',
  'merge_request_labels',
] as const;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Filter?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/** Statements EXPLAIN takes; transaction control and SET are skipped. */
const EXPLAINABLE = /^\s*(?:\/\*.*?\*\/\s*)*(?:select|with|insert|update|delete)\b/is;

export interface BigSeqScan {
  table: string;
  /** The plan node, described for a failure message. */
  node: string;
}

type ExplainRows = { 'QUERY PLAN': Array<{ Plan: PlanNode }> };

/** Each sequential scan of a big table in the plan of `query` (run with its parameters). */
export async function bigSeqScans(db: Database, query: CapturedQuery): Promise<BigSeqScan[]> {
  if (!EXPLAINABLE.test(query.sql)) return [];
  const result = await db.executeQuery<ExplainRows>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]),
  );
  return seqScansIn(result.rows[0]!['QUERY PLAN'][0]!.Plan);
}

/**
 * For a prepared statement (db/prepared-statements.ts), each sequential scan of a big table in its
 * GENERIC plan: the one PostgreSQL may keep after five runs, planned without the parameters' values.
 * EXPLAIN with parameters always plans for their values, hence PREPARE and EXPLAIN EXECUTE under
 * `plan_cache_mode = force_generic_plan`, on one connection.
 */
export async function bigSeqScansOfGenericPlan(db: Database, query: CapturedQuery): Promise<BigSeqScan[]> {
  if (!query.sql.startsWith(PREPARE_MARK)) return [];
  // EXECUTE's arguments as literals: a utility statement takes no bound parameters.
  const args = query.parameters.map(literal).join(', ');
  return db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('SET plan_cache_mode = force_generic_plan'));
    try {
      await conn.executeQuery(CompiledQuery.raw(`PREPARE plan_guard_generic AS ${query.sql}`));
      const result = await conn.executeQuery<ExplainRows>(
        CompiledQuery.raw(`EXPLAIN (FORMAT JSON) EXECUTE plan_guard_generic${args ? `(${args})` : ''}`),
      );
      return seqScansIn(result.rows[0]!['QUERY PLAN'][0]!.Plan).map((scan) => ({
        ...scan,
        node: `generic plan: ${scan.node}`,
      }));
    } finally {
      await conn.executeQuery(CompiledQuery.raw('DEALLOCATE plan_guard_generic'));
      await conn.executeQuery(CompiledQuery.raw('RESET plan_cache_mode'));
    }
  });
}

/** A parameter as an SQL literal of unknown type (arrays in PostgreSQL's array syntax). */
function literal(value: unknown): string {
  if (value == null) return 'NULL';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return pg.escapeLiteral(`{${value.map((v) => JSON.stringify(v)).join(',')}}`);
  return pg.escapeLiteral(String(value));
}

function seqScansIn(plan: PlanNode): BigSeqScan[] {
  const found: BigSeqScan[] = [];
  const visit = (node: PlanNode) => {
    const table = node['Relation Name'];
    if (node['Node Type'] === 'Seq Scan' && table && (BIG_TABLES as readonly string[]).includes(table)) {
      const filter = node.Filter ? `, filter ${node.Filter}` : '';
      found.push({ table, node: `Seq Scan on ${table} ${node.Alias ?? ''} (rows=${node['Plan Rows']}${filter})` });
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return found;
}
