import { isInt4Id } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import { type EpicRow, epicConditions, epicSelect } from '../epics';
import type { GroupRow } from '../namespaces';

export interface EpicSuggestionOptions {
  search?: string;
  state: 'opened' | 'closed' | 'all';
  includeAncestorGroups: boolean;
  includeDescendantGroups: boolean;
  /** Only confidential epics (the Markdown autocomplete of a confidential noteable). */
  confidentialOnly?: boolean;
  limit: number;
}

/** `12`, `&12` or `group::&12` (a reference typed into the bar) → 12; anything else → undefined. */
export function searchedIid(search: string): number | undefined {
  const match = /^(?:.*::)?&?(\d{1,10})$/.exec(search.trim());
  const iid = match ? Number(match[1]) : Number.NaN;
  return isInt4Id(iid) ? iid : undefined;
}

/**
 * The group's epics the actor may read (confidential ones only for Reporters and up), with its
 * ancestors' and descendants' when asked; the search matches the title, or the iid when it looks
 * like one. Newest first. One statement.
 */
export async function suggestEpics(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
  opts: EpicSuggestionOptions,
): Promise<EpicRow[]> {
  let q = epicSelect(db).where(
    epicConditions(actor, group, {
      state: opts.state,
      includeAncestorGroups: opts.includeAncestorGroups,
      includeDescendantGroups: opts.includeDescendantGroups,
    }),
  );
  if (opts.search) {
    const iid = searchedIid(opts.search);
    const title = sql<boolean>`e.title ILIKE ${likePattern(opts.search)}`;
    q = q.where(iid === undefined ? title : sql<boolean>`(${title} OR e.iid = ${iid})`);
  }
  if (opts.confidentialOnly) q = q.where('e.confidential', '=', true);
  return q.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(opts.limit).execute();
}
