import { datesInOrder } from '../dates/date-order';
import type { MilestonesType } from './types';

/** The milestone fields the roadmap's milestone rules read. */
export type RoadmapMilestoneLike = {
  startDate: string | null;
  dueDate: string | null;
  groupMilestone: boolean;
  subgroupMilestone: boolean;
  projectMilestone: boolean;
};

function hasValidRange(m: RoadmapMilestoneLike): boolean {
  return datesInOrder(m.startDate, m.dueDate);
}

function matchesType(m: RoadmapMilestoneLike, type: MilestonesType): boolean {
  switch (type) {
    case 'ALL':
      return true;
    case 'GROUP':
      return m.groupMilestone;
    case 'SUBGROUP':
      return m.subgroupMilestone;
    case 'PROJECT':
      return m.projectMilestone;
  }
}

/** The milestones the roadmap shows (RF §4): start not after end, and of the chosen kind. */
export function filterRoadmapMilestones<T extends RoadmapMilestoneLike>(milestones: T[], type: MilestonesType): T[] {
  return milestones.filter((m) => hasValidRange(m) && matchesType(m, type));
}

/** The milestone kind shown in its popover (RF §2). */
export function milestoneTypeText(
  m: Pick<RoadmapMilestoneLike, 'projectMilestone' | 'subgroupMilestone'>,
): 'Project milestone' | 'Subgroup milestone' | 'Group milestone' {
  if (m.projectMilestone) return 'Project milestone';
  if (m.subgroupMilestone) return 'Subgroup milestone';
  return 'Group milestone';
}
