import { type BarGeometry, barGeometry, datesInOrder, type Timeframe } from '@meridian/domain';

/** The epic fields row building reads. */
export interface RowEpic {
  id: string;
  startDate: string | null;
  dueDate: string | null;
  hasChildren: boolean;
  parent: { id: string } | null;
}

export type ChildrenState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; children: RowEpic[] }
  | undefined;

export interface RoadmapRow<E extends RowEpic = RowEpic> {
  epic: E;
  /** 0 for a top-level row; children 1, 2, … (indent styles stop at 6). */
  level: number;
  geometry: BarGeometry;
  expanded: boolean;
  /** Expanded and its children still loading / failed / all filtered out. */
  childStatus: 'none' | 'loading' | 'error' | 'empty' | 'loaded';
}

export const MAX_INDENT_LEVEL = 6;

/**
 * The top-level epics of a loaded list: an epic whose parent is also in the list shows under that
 * parent (when expanded) rather than twice.
 */
export function topLevelEpics<E extends RowEpic>(epics: E[]): E[] {
  const ids = new Set(epics.map((epic) => epic.id));
  return epics.filter((epic) => !epic.parent || !ids.has(epic.parent.id));
}

/**
 * Flattens the epic tree into visible rows: an epic is kept only if it is drawn on the timeframe
 * (`barGeometry` not null, RF §4), an expanded epic's loaded children follow it one level deeper.
 */
export function buildRoadmapRows<E extends RowEpic>(
  roots: E[],
  tf: Timeframe,
  expanded: ReadonlySet<string>,
  childrenOf: (id: string) => ChildrenState,
  maxDepth = 32,
): RoadmapRow<E>[] {
  const rows: RoadmapRow<E>[] = [];
  const seen = new Set<string>();
  const walk = (epics: E[], level: number) => {
    for (const epic of epics) {
      if (seen.has(epic.id)) continue;
      const geometry = barGeometry(epic, tf);
      if (!geometry) continue;
      seen.add(epic.id);
      const isExpanded = epic.hasChildren && expanded.has(epic.id);
      const state = isExpanded ? childrenOf(epic.id) : undefined;
      let childStatus: RoadmapRow['childStatus'] = 'none';
      let visibleChildren: E[] = [];
      if (isExpanded) {
        if (!state || state.status === 'loading') childStatus = 'loading';
        else if (state.status === 'error') childStatus = 'error';
        else {
          visibleChildren = (state.children as E[]).filter(
            (child) => datesInOrder(child.startDate, child.dueDate) && barGeometry(child, tf),
          );
          childStatus = visibleChildren.length > 0 ? 'loaded' : 'empty';
        }
      }
      rows.push({ epic, level, geometry, expanded: isExpanded, childStatus });
      if (visibleChildren.length > 0 && level < maxDepth) walk(visibleChildren, level + 1);
    }
  };
  walk(roots, 0);
  return rows;
}

/** A dependency between two visible rows: the blocker's bar end → the blocked bar's start. */
export interface DependencyLink {
  fromRow: number;
  toRow: number;
  /** The blocker is due after the blocked epic starts. */
  late: boolean;
}

/** Links for every visible epic blocked by another visible epic. */
export function dependencyLinks(
  rows: { epic: { id: string; startDate: string | null; dueDate: string | null } }[],
  blockersOf: (id: string) => readonly string[] | undefined,
): DependencyLink[] {
  const index = new Map<string, number>();
  rows.forEach((row, i) => {
    index.set(row.epic.id, i);
  });
  const links: DependencyLink[] = [];
  rows.forEach((row, toRow) => {
    for (const blockerId of blockersOf(row.epic.id) ?? []) {
      const fromRow = index.get(blockerId);
      if (fromRow === undefined || fromRow === toRow) continue;
      const blocker = rows[fromRow]!.epic;
      const late = !!(blocker.dueDate && row.epic.startDate && blocker.dueDate > row.epic.startDate);
      links.push({ fromRow, toRow, late });
    }
  });
  return links;
}
