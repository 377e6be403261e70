import { CompiledQuery } from 'kysely';
import type { CapturedQuery, Database } from '../db/connection';

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

/** Each sequential scan of a big table in the plan of `query` (run with its parameters). */
export async function bigSeqScans(db: Database, query: CapturedQuery): Promise<BigSeqScan[]> {
  if (!EXPLAINABLE.test(query.sql)) return [];
  const result = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]),
  );
  const found: BigSeqScan[] = [];
  const visit = (node: PlanNode) => {
    const table = node['Relation Name'];
    if (node['Node Type'] === 'Seq Scan' && table && (BIG_TABLES as readonly string[]).includes(table)) {
      const filter = node.Filter ? `, filter ${node.Filter}` : '';
      found.push({ table, node: `Seq Scan on ${table} ${node.Alias ?? ''} (rows=${node['Plan Rows']}${filter})` });
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(result.rows[0]!['QUERY PLAN'][0]!.Plan);
  return found;
}
