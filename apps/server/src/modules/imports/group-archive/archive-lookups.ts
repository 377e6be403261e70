import type { BatchPlaces, Ref } from './archive-context';
import { keys, labelCandidates } from './archive-keys';

type Owner = { group_path: string | null; project_path: string | null };

/** The person a record names, as a reference to look up. */
export const userRef = (username: string | null): Ref[] =>
  username ? [{ kind: 'users', key: keys.user(username) }] : [];

/** Every label a title may be from the owner's place (its own, then its groups'), as references. */
export const labelRefs = (owner: Owner, titles: string[]): Ref[] =>
  titles.flatMap((title) => labelCandidates(owner, title).map((key) => ({ kind: 'labels' as const, key })));

/** The user here of a person the record names; null when none is named or they were not imported. */
export const userId = (a: BatchPlaces, username: string | null) =>
  username === null ? null : (a.id('users', keys.user(username)) ?? null);

/** The nearest label of each title (the item's own container first, then its groups), as ids, once each. */
export function labelIds(a: BatchPlaces, owner: Owner, titles: string[]) {
  const ids = titles.flatMap((title) => {
    for (const key of labelCandidates(owner, title)) {
      const id = a.id('labels', key);
      if (id !== undefined) return [id];
    }
    return [];
  });
  return [...new Set(ids)];
}

/** The project here of an archive path; undefined when the import did not create it. */
export function projectAt(a: BatchPlaces, path: string) {
  const id = a.id('projects', keys.project(path));
  return id === undefined ? undefined : a.projects.get(id);
}

/** The group here of an archive path; undefined when the import did not create it. */
export function groupAt(a: BatchPlaces, path: string) {
  const id = a.id('groups', keys.group(path));
  return id === undefined ? undefined : a.groups.get(id);
}
