import { projectReferenceContext } from '@meridian/domain';
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
 * projects among them (one each): before the batch's transaction (for its Markdown, while the batch
 * before is written), and in it. In the transaction only what was not found before is looked up
 * (`earlier`): what an earlier batch created stays, and what the batch just before created is read then.
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
    projectContext: projectReferenceContext,
  };
  return { ...places, remember: resolved.remember };
}

/** Where an archive lands: its top group's path there, and the full path here of the group made for it. */
export interface ArchivePlacement {
  archiveRootPath: string;
  rootFullPath: string;
}

/**
 * The places with the groups and projects not created yet predicted from their archive paths (the
 * archive's top group becomes the import's group, everything below keeps its path), so a batch's
 * Markdown can be rendered before the batches that create its project commit. Only contexts come from
 * it: the writers use the places of their transaction, and `htmlOf` renders again when the context
 * there differs (a project the import could not create where the archive says).
 */
export function withPredictedPlaces(places: LoadedPlaces, placement: ArchivePlacement): BatchPlaces {
  const groups = new Map(places.groups);
  const projects = new Map(places.projects);
  const predicted = new Map<string, number>();
  let nextId = -1;
  const hereOf = (path: string) =>
    path === placement.archiveRootPath
      ? placement.rootFullPath
      : path.startsWith(`${placement.archiveRootPath}/`)
        ? `${placement.rootFullPath}${path.slice(placement.archiveRootPath.length)}`
        : undefined;
  const predict = (kind: 'groups' | 'projects', path: string) => {
    const known = predicted.get(`${kind}:${path}`);
    if (known !== undefined) return known;
    const here = hereOf(path);
    if (here === undefined) return undefined;
    const id = nextId--;
    predicted.set(`${kind}:${path}`, id);
    const parent = here.slice(0, Math.max(0, here.lastIndexOf('/')));
    // Only what a Markdown context reads of a row (`projectReferenceContext`, a group's full path).
    if (kind === 'groups') groups.set(id, { id, full_path: here } as GroupRow);
    else projects.set(id, { id, full_path: here, namespace_type: 'Group', namespace_full_path: parent } as ProjectRow);
    return id;
  };
  return {
    ...places,
    groups,
    projects,
    id: (kind, key) => {
      const found = places.id(kind, key);
      // Keys of deep paths are hashed (archive-keys.ts): those wait for their rows.
      if (found !== undefined || (kind !== 'groups' && kind !== 'projects') || key.startsWith('sha256:')) return found;
      return predict(kind, key);
    },
  };
}
