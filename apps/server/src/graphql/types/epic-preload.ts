import type { GraphQLContext } from '../context';
import type { EpicRow } from '../loaders/rows';

/** Which Epic fields read which batch loader (keyed by the epic's id, or its group's for `group`). */
const LOADERS_BY_FIELD: Record<string, 'ancestors' | 'treeStats' | 'blockedBy' | 'epicLabels' | 'hasIssues' | 'group'> =
  {
    hasParent: 'ancestors',
    parent: 'ancestors',
    ancestors: 'ancestors',
    hasChildren: 'treeStats',
    descendantCounts: 'treeStats',
    descendantWeightSum: 'treeStats',
    blocked: 'blockedBy',
    blockedByCount: 'blockedBy',
    blockedByEpics: 'blockedBy',
    labels: 'epicLabels',
    hasIssues: 'hasIssues',
    group: 'group',
  };

/**
 * Fills, before a large list of epics is presented, the batch loaders its selected fields read: the
 * same statements the fields would start themselves, but settled first, so each field answers
 * synchronously (`loadNow`) instead of with a promise per field and row.
 */
export async function preloadEpicFields(c: GraphQLContext, rows: EpicRow[], fields: Set<string>): Promise<void> {
  const needed = new Set([...fields].flatMap((field) => LOADERS_BY_FIELD[field] ?? []));
  const ids = rows.map((row) => row.id);
  await Promise.all(
    [...needed].map((name) =>
      name === 'group'
        ? c.loaders.group.loadMany([...new Set(rows.map((row) => row.group_id))])
        : c.loaders[name].loadMany(ids),
    ),
  );
}
