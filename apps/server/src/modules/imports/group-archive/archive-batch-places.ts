import { directReads } from '../../../db/combined-reads';
import type { Database } from '../../../db/connection';
import { type GroupRow, groupRowsByIds, type ProjectRow, projectRowsByIds } from '../../namespaces';
import { resolveRefs } from '../source-refs';
import type { BatchPlaces, Ref } from './archive-context';

/** A batch's places, and `remember` for what the batch itself creates. */
export interface LoadedPlaces extends BatchPlaces {
  remember(kind: string, key: string, id: number): void;
}

/**
 * The ids a batch's records refer to (one statement, `resolveRefs`) and the rows of the groups and
 * projects among them (one each): before the batch's transaction (while the batch before is written),
 * and in it. In the transaction only what was not found before is looked up (`earlier`): what an
 * earlier batch created stays, and what the batch just before created is read then.
 */
export async function loadBatchPlaces(
  db: Database,
  jobId: number,
  refs: Ref[],
  earlier?: LoadedPlaces,
): Promise<LoadedPlaces> {
  const missing = earlier ? refs.filter((r) => earlier.id(r.kind, r.key) === undefined) : refs;
  const resolved = await resolveRefs({ db }, jobId, missing);
  const id = (kind: Ref['kind'], key: string) => earlier?.id(kind, key) ?? resolved.id(kind, key);
  const idsOf = (kind: 'groups' | 'projects', known: Map<number, unknown> | undefined) =>
    [...new Set(refs.flatMap((r) => (r.kind === kind ? [id(kind, r.key) ?? []].flat() : [])))].filter(
      (rowId) => !known?.has(rowId),
    );
  const groupIds = idsOf('groups', earlier?.groups);
  const projectIds = idsOf('projects', earlier?.projects);
  const reads = directReads(db);
  const [groups, projects] = await Promise.all([
    groupIds.length ? groupRowsByIds(db, groupIds, reads) : [],
    projectIds.length ? projectRowsByIds(db, projectIds, reads) : [],
  ]);
  const places: BatchPlaces = {
    id,
    groups: new Map([...(earlier?.groups ?? []), ...(groups as GroupRow[]).map((g) => [g.id, g] as const)]),
    projects: new Map([...(earlier?.projects ?? []), ...(projects as ProjectRow[]).map((p) => [p.id, p] as const)]),
  };
  return { ...places, remember: resolved.remember };
}
