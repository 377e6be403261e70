import type { Database } from '../db/connection';
import { type Bundle, type BundleRequest, bundleMaker } from './authz-bundles';
import {
  createPrincipals,
  createSpace,
  type Principal,
  type PrincipalName,
  type Space,
  type Vis,
  visibilities,
} from './authz-principals';
import { markerFinder, snapshotBundle } from './authz-write-checks';

/**
 * The world the authorization matrix attacks: twelve principals, and for each visibility a group
 * with a project in which "bundles" live. A bundle is one complete set of objects (issues, epics,
 * notes, labels, milestones, links, awards) at one confidentiality; read cells share a bundle,
 * every write cell gets a fresh one so that writes never leak into another cell.
 *
 * The principals and spaces are made in authz-principals.ts, the bundles in authz-bundles.ts, the
 * checks after a denied write in authz-write-checks.ts; their types are exported here too.
 */

export type { Bundle, BundleRequest, NoteRef, Ref } from './authz-bundles';
export {
  type Principal,
  type PrincipalName,
  principalNames,
  type Space,
  type Vis,
  visibilities,
} from './authz-principals';

export interface AuthzWorld {
  db: Database;
  principals: Record<PrincipalName, Principal>;
  spaces: Record<Vis, Space>;
  writeSpaces: Record<Vis, Space>;
  /** Creates many bundles at once (a few multi-row inserts per table). */
  createBundles: (requests: BundleRequest[]) => Promise<Bundle[]>;
  /** Everything a bundle holds, as the database has it: compared before and after a denied write. */
  snapshot: (bundle: Bundle) => Promise<string>;
  /** Whether any issue, epic, note, label or milestone carries `marker` (a denied create left a row). */
  markerExists: (marker: string) => Promise<boolean>;
}

export async function createAuthzWorld(db: Database): Promise<AuthzWorld> {
  const tag = Math.random().toString(36).slice(2, 8);
  const principals = await createPrincipals(db, tag);
  const spaces = {} as Record<Vis, Space>;
  const writeSpaces = {} as Record<Vis, Space>;
  for (const vis of visibilities) {
    spaces[vis] = await createSpace(db, principals, vis, 'r', tag);
    writeSpaces[vis] = await createSpace(db, principals, vis, 'w', tag);
  }
  return {
    db,
    principals,
    spaces,
    writeSpaces,
    createBundles: bundleMaker(db, { principals, spaces, writeSpaces, tag }),
    snapshot: (bundle) => snapshotBundle(db, bundle),
    markerExists: markerFinder(db, writeSpaces),
  };
}
