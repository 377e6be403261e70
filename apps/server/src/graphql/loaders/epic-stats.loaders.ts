import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { epicVisible as epicReadableInQuery, epicSelect } from '../../modules/epics/epic-query';
import { descendantCounts, type EpicDescendantCounts } from '../../modules/epics/epics.service';
import type { Actor } from '../../policy/actor';
import { groupedLoader, valueLoader } from './batch';
import type { EpicRow } from './rows';
import { epicVisible, issueVisible } from './visibility';

export interface EpicFlags {
  hasChildren: boolean;
  hasIssues: boolean;
  blockedByCount: number;
}

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

    /** hasChildren, hasIssues, blockedByCount (open blocking epics), over readable rows only. */
    flags: valueLoader<EpicFlags>(
      async (keys) => {
        const result = await sql<EpicFlags & { id: number }>`
        SELECT r.id,
          EXISTS (SELECT 1 FROM epics c JOIN namespaces cg ON cg.id = c.group_id
                  WHERE c.parent_id = r.id AND ${epicVisible(actor, 'c', 'cg')}) AS "hasChildren",
          EXISTS (SELECT 1 FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
                    JOIN projects p ON p.id = i.project_id JOIN namespaces pn ON pn.id = p.namespace_id
                  WHERE ei.epic_id = r.id AND ${issueVisible(actor, 'i', 'p', 'pn')}) AS "hasIssues",
          (SELECT count(*)::int FROM epic_links l JOIN epics b ON b.id = l.source_id
             JOIN namespaces bg ON bg.id = b.group_id
           WHERE l.target_id = r.id AND l.link_type = 'blocks' AND b.state = 'opened'
             AND ${epicVisible(actor, 'b', 'bg')}) AS "blockedByCount"
        FROM unnest(${ids(keys)}) AS r(id)`.execute(db);
        return new Map(result.rows.map(({ id, ...flags }) => [id, flags]));
      },
      { hasChildren: false, hasIssues: false, blockedByCount: 0 },
    ),

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

    /** Readable ancestors of each epic, from the top-most down to the direct parent (two statements). */
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
        if (chain.rows.length === 0) return [];
        const rows = await epicSelect(db)
          .where(
            'e.id',
            'in',
            chain.rows.map((r) => r.id),
          )
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
