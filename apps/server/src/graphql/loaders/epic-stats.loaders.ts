import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { epicVisible as epicReadableInQuery, epicSelect } from '../../modules/epics/epic-query';
import { descendantCounts, type EpicDescendantCounts } from '../../modules/epics/epics.service';
import type { Actor } from '../../policy/actor';
import { groupedLoader, valueLoader } from './batch';
import type { EpicRow } from './rows';
import { issueVisible } from './visibility';

const ZERO_COUNTS: EpicDescendantCounts = {
  openedEpics: 0,
  closedEpics: 0,
  openedIssues: 0,
  closedIssues: 0,
  openedIssuesWeight: 0,
  closedIssuesWeight: 0,
};

/**
 * Per-epic figures that depend on who is asking; each loader costs a fixed number of statements
 * per batch and counts only what the actor may read.
 */
export function epicStatsLoaders(db: Database, actor: Actor | null) {
  const ids = (keys: number[]) => sql`${keys}::int[]`;
  return {
    /** descendantCounts and descendantWeightSum (epics service, one statement per batch). */
    treeStats: valueLoader<EpicDescendantCounts>((keys) => descendantCounts(db, actor, keys), ZERO_COUNTS),

    /** hasIssues: the epic has a direct issue the actor may read. One statement per batch. */
    hasIssues: valueLoader<boolean>(async (keys) => {
      const result = await sql<{ id: number; has_issues: boolean }>`
        SELECT r.id,
          EXISTS (SELECT 1 FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
                    JOIN projects p ON p.id = i.project_id JOIN namespaces pn ON pn.id = p.namespace_id
                  WHERE ei.epic_id = r.id AND ${issueVisible(actor, 'i', 'p', 'pn')}) AS has_issues
        FROM unnest(${ids(keys)}) AS r(id)`.execute(db);
      return new Map(result.rows.map((r) => [r.id, r.has_issues]));
    }, false),

    /**
     * The open epics that block each epic (`epic_links` of type 'blocks', source blocks target),
     * only those the actor may read: the same set `blockedByCount` counts. One statement per batch.
     */
    blockedBy: groupedLoader<EpicRow & { blocked_id: number }>(
      (keys) =>
        epicSelect(db)
          .innerJoin('epic_links as bl', 'bl.source_id', 'e.id')
          .select('bl.target_id as blocked_id')
          .where('bl.target_id', 'in', keys)
          .where('bl.link_type', '=', 'blocks')
          .where('e.state', '=', 'opened')
          .where(epicReadableInQuery(actor))
          .orderBy('bl.id')
          .execute(),
      (r) => r.blocked_id,
    ),

    /**
     * Readable ancestors of each epic, from the top-most down to the direct parent (`depth` 1):
     * the chain of ids (recursive CTE), then those rows the actor may read. Two statements per
     * batch, the second even when no epic has a parent, so the count never depends on the data.
     * (One statement joining the CTE is slower: its row estimate is a guess, ~30× the keys.)
     */
    ancestors: groupedLoader<EpicRow & { root_id: number; depth: number }>(
      async (keys) => {
        const chain = await sql<{ root_id: number; id: number; depth: number }>`
        WITH RECURSIVE up(root_id, id, depth) AS (
          SELECT e.id, e.parent_id, 1 FROM epics e WHERE e.id = ANY(${ids(keys)}) AND e.parent_id IS NOT NULL
          UNION ALL
          SELECT u.root_id, a.parent_id, u.depth + 1 FROM up u JOIN epics a ON a.id = u.id
          WHERE a.parent_id IS NOT NULL AND u.depth < 100
        )
        SELECT root_id, id, depth FROM up`.execute(db);
        const rows = await epicSelect(db)
          .where(sql<boolean>`e.id = ANY(${ids([...new Set(chain.rows.map((r) => r.id))])})`)
          .where(epicReadableInQuery(actor))
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        return chain.rows
          .sort((a, b) => a.root_id - b.root_id || b.depth - a.depth)
          .flatMap((link) => {
            const row = byId.get(link.id);
            return row ? [{ ...row, root_id: link.root_id, depth: link.depth }] : [];
          });
      },
      (r) => r.root_id,
    ),
  };
}
