import { builder } from '../builder';

/** GitLab's enums for list filters shared by issues, merge requests and epics (same names and values). */
export const IssuableSearchableField = builder.enumType('IssuableSearchableField', {
  description: 'Fields to perform the search in.',
  values: {
    TITLE: { description: 'Search in title field.' },
    DESCRIPTION: { description: 'Search in description field.' },
  } as const,
});

const noneAny = {
  NONE: { description: 'No value is assigned.' },
  ANY: { description: 'Some value is assigned.' },
} as const;

export const AssigneeWildcardId = builder.enumType('AssigneeWildcardId', {
  description: 'Assignee ID wildcard values.',
  values: noneAny,
});

export const ReviewerWildcardId = builder.enumType('ReviewerWildcardId', {
  description: 'Reviewer ID wildcard values.',
  values: noneAny,
});

export const EpicWildcardId = builder.enumType('EpicWildcardId', {
  description: 'Epic ID wildcard values.',
  values: noneAny,
});

export const WeightWildcardId = builder.enumType('WeightWildcardId', {
  description: 'Weight ID wildcard values.',
  values: noneAny,
});

export const ReleaseTagWildcardId = builder.enumType('ReleaseTagWildcardId', {
  description: 'Release tag ID wildcard values.',
  values: noneAny,
});

export const MilestoneWildcardId = builder.enumType('MilestoneWildcardId', {
  description: 'Milestone ID wildcard values.',
  values: {
    ...noneAny,
    STARTED: { description: 'Milestone assigned is open and started (overlaps current date).' },
    UPCOMING: { description: 'Milestone assigned is due in the future.' },
  } as const,
});

export const NegatedMilestoneWildcardId = builder.enumType('NegatedMilestoneWildcardId', {
  description: 'Negated Milestone ID wildcard values.',
  values: {
    STARTED: { description: 'Milestone assigned is open and started (overlaps current date).' },
    UPCOMING: { description: 'Milestone assigned is due in the future.' },
  } as const,
});

export const IterationWildcardId = builder.enumType('IterationWildcardId', {
  description: 'Iteration ID wildcard values.',
  values: {
    ...noneAny,
    CURRENT: { description: 'Current iteration.' },
  } as const,
});

export const NegatedIterationWildcardId = builder.enumType('NegatedIterationWildcardId', {
  description: 'Negated Iteration ID wildcard values.',
  values: { CURRENT: { description: 'Current iteration.' } } as const,
});

type Wild = 'NONE' | 'ANY' | 'STARTED' | 'UPCOMING' | 'CURRENT';
/** 'NONE' → 'None' (the filters' spelling). */
export const wildcardValue = <W extends Wild>(w: W) =>
  (w.charAt(0) + w.slice(1).toLowerCase()) as W extends 'NONE'
    ? 'None'
    : W extends 'ANY'
      ? 'Any'
      : W extends 'STARTED'
        ? 'Started'
        : W extends 'UPCOMING'
          ? 'Upcoming'
          : 'Current';
