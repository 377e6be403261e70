import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { filterRoadmapMilestones, milestoneTypeText, type RoadmapMilestoneLike } from './milestones';
import type { MilestonesType } from './types';

type Kind = 'group' | 'subgroup' | 'project';
const milestone = (
  id: number,
  kind: Kind,
  startDate: string | null,
  dueDate: string | null,
): RoadmapMilestoneLike & { id: number } => ({
  id,
  startDate,
  dueDate,
  groupMilestone: kind === 'group',
  subgroupMilestone: kind === 'subgroup',
  projectMilestone: kind === 'project',
});

const milestones = [
  milestone(1, 'group', '2025-01-01', '2025-02-01'),
  milestone(2, 'subgroup', '2025-01-01', '2025-01-01'),
  milestone(3, 'project', null, '2025-03-01'),
  milestone(4, 'group', '2025-05-01', null),
  milestone(5, 'project', '2025-04-02', '2025-04-01'),
  milestone(6, 'subgroup', null, null),
  milestone(7, 'group', '2025-06-02', '2025-06-01'),
];

describe('filterRoadmapMilestones', () => {
  expectCases(
    (type: MilestonesType) => filterRoadmapMilestones(milestones, type).map((m) => m.id),
    [
      ['ALL', [1, 2, 3, 4, 6]],
      ['GROUP', [1, 4]],
      ['SUBGROUP', [2, 6]],
      ['PROJECT', [3]],
    ],
    '%s → %j',
  );

  it('keeps the caller’s objects', () => {
    expect(filterRoadmapMilestones(milestones, 'ALL')[0]).toBe(milestones[0]);
  });
});

describe('milestoneTypeText', () => {
  expectCases(
    (kind: Kind) => milestoneTypeText(milestone(1, kind, null, null)),
    [
      ['group', 'Group milestone'],
      ['subgroup', 'Subgroup milestone'],
      ['project', 'Project milestone'],
    ],
    '%s → %s',
  );
});
