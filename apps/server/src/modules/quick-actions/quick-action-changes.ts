/**
 * How a text's commands accumulate into one write, as GitLab's `@updates` do, for issues and merge
 * requests alike: user lists (assignees, reviewers) and the label changes.
 */

export interface NamedUser {
  id: number;
  username: string;
}

export interface NamedLabel {
  id: number;
  title: string;
}

/** A user list (assignees or reviewers) as the commands change it, starting from the stored one. */
export class UserListChanges {
  private ids: number[];

  constructor(private readonly stored: readonly NamedUser[]) {
    this.ids = stored.map((u) => u.id);
  }

  get current(): number[] {
    return [...this.ids];
  }

  /** `/assign`: adds the users; null when none was resolved. */
  add(users: readonly NamedUser[]): NamedUser[] | null {
    if (users.length === 0) return null;
    this.ids = [...new Set([...this.ids, ...users.map((u) => u.id)])];
    return [...users];
  }

  /**
   * `/unassign`: removes the named users that are in the list, or (none named) the stored users
   * still in it; null when that removes nobody.
   */
  remove(named: readonly NamedUser[] | null): NamedUser[] | null {
    const removed = (named ?? this.stored).filter((u) => this.ids.includes(u.id));
    if (removed.length === 0) return null;
    this.ids = this.ids.filter((id) => !removed.some((u) => u.id === id));
    return removed;
  }
}

const withoutIds = (labels: readonly NamedLabel[], ids: readonly number[]) => labels.filter((l) => !ids.includes(l.id));
const union = (a: readonly NamedLabel[], b: readonly NamedLabel[]) => [
  ...a,
  ...b.filter((l) => !a.some((x) => x.id === l.id)),
];

/** The label changes of `/label`, `/unlabel`, `/relabel` (and `/copy_metadata`), in order. */
export class LabelChanges {
  add: NamedLabel[] = [];
  remove: NamedLabel[] = [];
  /** Set by `/relabel` and `/unlabel` without labels: the whole new set (before add/remove). */
  replace: NamedLabel[] | undefined;

  label(labels: readonly NamedLabel[]): void {
    const ids = labels.map((l) => l.id);
    this.add = union(this.add, labels);
    this.remove = withoutIds(this.remove, ids);
  }

  relabel(labels: readonly NamedLabel[]): void {
    this.replace = [...labels];
    this.add = [];
    this.remove = [];
  }

  unlabel(labels: readonly NamedLabel[]): void {
    const ids = labels.map((l) => l.id);
    this.remove = union(this.remove, labels);
    this.add = withoutIds(this.add, ids);
  }

  unlabelAll(): void {
    this.relabel([]);
  }
}
