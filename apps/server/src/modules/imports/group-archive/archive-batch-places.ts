import { directReads } from '../../../db/combined-reads';
import type { Database } from '../../../db/connection';
import { projectReferenceContext } from '../../../markdown/gfm-references';
import { type GroupRow, groupRowsByIds, type ProjectRow, projectRowsByIds } from '../../namespaces';
import { resolveRefs } from '../source-refs';
import type { BatchPlaces, Ref } from './archive-context';

/**
 * The ids a batch's records refer to (one statement, `resolveRefs`) and the rows of the groups and
 * projects among them (one each): in the batch's transaction, and before it for its Markdown.
 */
export async function loadBatchPlaces(db: Database, jobId: number, refs: Ref[]) {
  const { id, remember } = await resolveRefs({ db }, jobId, refs);
  const idsOf = (kind: 'groups' | 'projects') =>
    refs.flatMap((r) => (r.kind === kind ? [id(kind, r.key) ?? []].flat() : []));
  const reads = directReads(db);
  const [groups, projects] = await Promise.all([
    idsOf('groups').length ? groupRowsByIds(db, idsOf('groups'), reads) : [],
    idsOf('projects').length ? projectRowsByIds(db, idsOf('projects'), reads) : [],
  ]);
  const places: BatchPlaces = {
    id,
    groups: new Map((groups as GroupRow[]).map((g) => [g.id, g])),
    projects: new Map((projects as ProjectRow[]).map((p) => [p.id, p])),
    projectContext: projectReferenceContext,
  };
  return { ...places, remember };
}
