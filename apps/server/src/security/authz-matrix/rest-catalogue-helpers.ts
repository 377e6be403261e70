import { AccessLevel } from '../../policy/access-levels';
import type { CellInput, Dims, RestEntry } from './catalogue-types';
import { gate, type Outcome } from './oracle';

/** Addresses and verdict helpers shared by the REST catalogue's per-subject files. */

export type NoteSide = 'issue' | 'epic';
export type Side = 'project' | 'group';

export const P = (c: CellInput) => `/api/v4/projects/${c.b.space.project.id}`;
export const G = (c: CellInput) => `/api/v4/groups/${c.b.space.group.id}`;
export const I = (c: CellInput) => `${P(c)}/issues/${c.b.issue.iid}`;
export const E = (c: CellInput) => `${G(c)}/epics/${c.b.epic.iid}`;
/** Epic notes are addressed by the epic's global id, as GitLab does. */
export const EN = (c: CellInput) => `${G(c)}/epics/${c.b.epic.id}`;
export const signedIn = (c: CellInput) => !c.o.anonymous;
/** GitLab's admin API: 401 anonymous, 403 any signed-in user who is not an instance admin. */
export const adminOnly = (c: CellInput) => (c.o.anonymous ? 'unauthorized' : c.o.admin ? 'ok' : 'forbidden');
export const read = (c: CellInput, ...readable: boolean[]) => gate(c.o, false, readable, true);
export const write = (c: CellInput, readable: boolean[], allowed: boolean) => gate(c.o, true, readable, allowed);
/** Internal notes need Reporter (a service rule, `notes.service.ts`), on top of `create_note`. */
export const mayAddNote = (c: CellInput, canComment: boolean) =>
  canComment && (!c.b.internal || c.o.admin || c.o.projectLevel >= AccessLevel.REPORTER);

/** A group's owners' route (GitLab's `authorize! :admin_group`): 401 anonymous, 404 unreadable, 403 other readers. */
export function groupOwners(c: CellInput): Outcome {
  if (c.o.anonymous) return 'unauthorized';
  if (!c.o.group('read_group')) return 'hidden';
  return c.o.group('admin_group') ? 'ok' : 'forbidden';
}

export function entry(
  method: string,
  url: string,
  dims: Dims,
  path: RestEntry['path'],
  expect: (c: CellInput) => Outcome,
  extra: Partial<Pick<RestEntry, 'body' | 'listed' | 'alsoOk'>> = {},
): RestEntry {
  return { method, url, dims, path, expect, ...extra };
}
