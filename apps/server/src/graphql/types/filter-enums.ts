import { builder } from '../builder';
import { describedEnum } from './described-enum';

/** GitLab's enums for list filters shared by issues, merge requests and epics (same names and values). */
export const IssuableSearchableField = describedEnum('IssuableSearchableField', 'Fields to perform the search in.', {
  TITLE: 'Search in title field.',
  DESCRIPTION: 'Search in description field.',
});

const noneAny = {
  NONE: { description: 'No value is assigned.' },
  ANY: { description: 'Some value is assigned.' },
} as const;

/** A wildcard enum whose only values are NONE and ANY. */
const noneAnyEnum = (name: string, description: string) => builder.enumType(name, { description, values: noneAny });

export const AssigneeWildcardId = noneAnyEnum('AssigneeWildcardId', 'Assignee ID wildcard values.');
export const ReviewerWildcardId = noneAnyEnum('ReviewerWildcardId', 'Reviewer ID wildcard values.');
export const EpicWildcardId = noneAnyEnum('EpicWildcardId', 'Epic ID wildcard values.');
export const WeightWildcardId = noneAnyEnum('WeightWildcardId', 'Weight ID wildcard values.');
export const ReleaseTagWildcardId = noneAnyEnum('ReleaseTagWildcardId', 'Release tag ID wildcard values.');

/**
 * GitLab's pair of wildcard enums for `kind`: `<kind>WildcardId` (NONE, ANY and `own`) and
 * `Negated<kind>WildcardId` (`own` only).
 */
function wildcardEnumPair<Own extends Record<string, { description: string }>>(kind: string, own: Own) {
  return [
    builder.enumType(`${kind}WildcardId`, {
      description: `${kind} ID wildcard values.`,
      values: { ...noneAny, ...own } as const,
    }),
    builder.enumType(`Negated${kind}WildcardId`, { description: `Negated ${kind} ID wildcard values.`, values: own }),
  ] as const;
}

export const [MilestoneWildcardId, NegatedMilestoneWildcardId] = wildcardEnumPair('Milestone', {
  STARTED: { description: 'Milestone assigned is open and started (overlaps current date).' },
  UPCOMING: { description: 'Milestone assigned is due in the future.' },
} as const);

export const [IterationWildcardId, NegatedIterationWildcardId] = wildcardEnumPair('Iteration', {
  CURRENT: { description: 'Current iteration.' },
} as const);

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
