import type { Database } from '../db/connection';
import type { Clock } from './dates';
import type { Area } from './demo-text';
import type { Random } from './random';
import type { RenderedText } from './templated-markdown';

/** What one demo-seeding phase hands to the next. */
export interface DemoContext {
  db: Database;
  random: Random;
  clock: Clock;
  /** Markdown → HTML (memoized: seeded texts repeat). */
  html: (markdown: string) => string;
  /** A markdown template with `{slot}` plain-text values → markdown and HTML (cached per template). */
  render: (template: string, values?: Record<string, string>) => RenderedText;
  log: (line: string) => void;
}

export interface DemoGroup {
  id: number;
  path: string;
  fullPath: string;
  area: Area;
  /** Own id last, like namespaces.traversal_ids. */
  ancestorIds: number[];
}

export interface DemoProject {
  id: number;
  fullPath: string;
  group: DemoGroup;
  area: Area;
  issueCount: number;
  mergeRequestCount: number;
  /** Users who may read the project (any role), and those with Developer or more. */
  members: number[];
  developers: number[];
}

export interface DemoLabel {
  id: number;
  title: string;
  groupId: number | null;
  projectId: number | null;
}

export interface DemoMilestone {
  id: number;
  title: string;
  groupId: number | null;
  projectId: number | null;
  startDate: string;
  dueDate: string;
}

export interface DemoIteration {
  id: number;
  groupId: number;
  startDate: string;
  dueDate: string;
}

export interface DemoEpic {
  id: number;
  groupId: number;
  iid: number;
  depth: number;
  parentId: number | null;
  title: string;
  confidential: boolean;
  createdAt: Date;
  startDateIsFixed: boolean;
  dueDateIsFixed: boolean;
  startDateFixed: string | null;
  dueDateFixed: string | null;
}

export interface DemoOrg {
  users: Map<string, number>;
  groups: Map<string, DemoGroup>;
  projects: DemoProject[];
  labels: DemoLabel[];
  /** Per user: the groups they are a direct member of, with the access level. */
  members: Map<number, [groupId: number, level: number][]>;
}

/** Labels usable in a container: the ancestor groups' labels and (for a project) its own. */
export function labelsFor(org: DemoOrg, groupIds: readonly number[], projectId: number | null): DemoLabel[] {
  return org.labels.filter(
    (l) => (l.groupId !== null && groupIds.includes(l.groupId)) || (projectId !== null && l.projectId === projectId),
  );
}

/** At most one label per scope (`priority::1` excludes `priority::2`), like GitLab's exclusive scoped labels. */
export function pickLabels(random: Random, labels: readonly DemoLabel[], count: number): DemoLabel[] {
  const picked: DemoLabel[] = [];
  const scopes = new Set<string>();
  for (const label of random.sample(labels, labels.length)) {
    if (picked.length >= count) break;
    const scope = label.title.includes('::') ? label.title.slice(0, label.title.lastIndexOf('::')) : null;
    if (scope) {
      if (scopes.has(scope)) continue;
      scopes.add(scope);
    }
    picked.push(label);
  }
  return picked;
}
