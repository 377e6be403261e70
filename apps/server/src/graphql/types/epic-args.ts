import { datesInOrder, isInt4Id } from '@meridian/domain';
import { badRequest } from '../../errors';
import type { EpicFilters, EpicOrderBy } from '../../modules/epics';
import { builder } from '../builder';
import { describedEnum } from './described-enum';
import {
  applyUnionedLabelAndAuthorArgs,
  emojiOrWildcard,
  namesOrWildcard,
  type SortTable,
  sortEnum,
  type UnionedLabelAndAuthorArgs,
} from './issuable-args';
import { searchArgFields, unionedArgField, unionedLabelAndAuthorFields } from './list-arg-fields';

export const EpicState = describedEnum('EpicState', 'State of an epic.', {
  all: 'All epics.',
  opened: 'Open epics.',
  closed: 'Closed epics.',
});

const sortValues: SortTable<EpicOrderBy> = {
  start_date_desc: ['start_date', 'desc'],
  start_date_asc: ['start_date', 'asc'],
  end_date_desc: ['end_date', 'desc'],
  end_date_asc: ['end_date', 'asc'],
  START_DATE_DESC: ['start_date', 'desc'],
  START_DATE_ASC: ['start_date', 'asc'],
  END_DATE_DESC: ['end_date', 'desc'],
  END_DATE_ASC: ['end_date', 'asc'],
  TITLE_DESC: ['title', 'desc'],
  TITLE_ASC: ['title', 'asc'],
  CREATED_AT_DESC: ['created_at', 'desc'],
  CREATED_AT_ASC: ['created_at', 'asc'],
  UPDATED_AT_DESC: ['updated_at', 'desc'],
  UPDATED_AT_ASC: ['updated_at', 'asc'],
  RELATIVE_POSITION_ASC: ['relative_position', 'asc'],
};

export const EpicSort = sortEnum('EpicSort', 'Roadmap sort values.', sortValues);

export const Timeframe = builder.inputType('Timeframe', {
  description: 'A time-frame defined as a closed inclusive range of two dates.',
  fields: (t) => ({
    start: t.field({ type: 'Date', required: true, description: 'Start of the range.' }),
    end: t.field({ type: 'Date', required: true, description: 'End of the range.' }),
  }),
});

export const NegatedEpicFilterInput = builder.inputType('NegatedEpicFilterInput', {
  description: 'Filters that exclude epics.',
  fields: (t) => ({
    labelName: t.stringList({ required: false, description: 'Filter by label name.' }),
    authorUsername: t.string({ required: false, description: 'Filter by author username.' }),
    myReactionEmoji: t.string({
      required: false,
      description: 'Filter by reaction emoji applied by the current user.',
    }),
  }),
});

export const UnionedEpicFilterInput = builder.inputType('UnionedEpicFilterInput', {
  description: 'Filters of which any may match.',
  fields: (t) => unionedLabelAndAuthorFields(t, 'epics'),
});

/** The epic-list arguments of Group.epics and Epic.children, with GitLab's names. */
export const epicListArgs = builder.args((t) => ({
  iid: t.id({ required: false, description: 'IID of the epic, e.g., "1".' }),
  iids: t.idList({ required: false, description: 'List of IIDs of epics, e.g., `[1, 2]`.' }),
  state: t.field({ type: EpicState, required: false, description: 'Filter epics by state.' }),
  ...searchArgFields(t),
  sort: t.field({ type: EpicSort, required: false, description: 'List epics by sort order.' }),
  authorUsername: t.string({ required: false, description: 'Filter epics by author.' }),
  labelName: t.stringList({ required: false, description: 'Filter epics by labels.' }),
  milestoneTitle: t.string({
    required: false,
    description: 'Filter epics by milestone title, computed from epic’s issues.',
  }),
  myReactionEmoji: t.string({ required: false, description: 'Filter by reaction emoji applied by the current user.' }),
  confidential: t.boolean({ required: false, description: 'Filter epics by given confidentiality.' }),
  timeframe: t.field({ type: Timeframe, required: false, description: 'List items overlapping the given timeframe.' }),
  startDate: t.field({ type: 'Date', required: false, description: 'List epics within a time frame (with endDate).' }),
  endDate: t.field({ type: 'Date', required: false, description: 'List epics within a time frame (with startDate).' }),
  includeAncestorGroups: t.boolean({
    required: false,
    description: 'Include epics from ancestor groups (default false).',
  }),
  includeDescendantGroups: t.boolean({
    required: false,
    description: 'Include epics from descendant groups (default true).',
  }),
  not: t.field({ type: NegatedEpicFilterInput, required: false, description: 'Negated epic arguments.' }),
  or: unionedArgField(t, UnionedEpicFilterInput),
}));

export interface EpicListArgs {
  iid?: string | number | null;
  iids?: readonly (string | number)[] | null;
  state?: 'all' | 'opened' | 'closed' | null;
  search?: string | null;
  in?: readonly ('TITLE' | 'DESCRIPTION')[] | null;
  sort?: string | null;
  authorUsername?: string | null;
  labelName?: readonly string[] | null;
  milestoneTitle?: string | null;
  myReactionEmoji?: string | null;
  confidential?: boolean | null;
  timeframe?: { start: string; end: string } | null;
  startDate?: string | null;
  endDate?: string | null;
  includeAncestorGroups?: boolean | null;
  includeDescendantGroups?: boolean | null;
  not?: {
    labelName?: readonly string[] | null;
    authorUsername?: string | null;
    myReactionEmoji?: string | null;
  } | null;
  or?: UnionedLabelAndAuthorArgs | null;
}

function iidOf(value: string | number, field: string): number {
  const n = Number(value);
  if (!isInt4Id(n)) throw badRequest(`${field} must be a positive integer`, field);
  return n;
}

/** GraphQL epic arguments → the epics service's filters. Unsupported combinations are a user error, never ignored. */
export function toEpicFilters(args: EpicListArgs, defaults: Partial<EpicFilters> = {}): EpicFilters {
  const f: EpicFilters = { ...defaults };
  if (args.state) f.state = args.state;
  if (args.search) f.search = args.search;
  if (args.sort) {
    const sort = sortValues[args.sort];
    if (sort) [f.orderBy, f.sort] = sort;
  }
  const iids = [
    ...(args.iids ?? []).map((v) => iidOf(v, 'iids')),
    ...(args.iid != null ? [iidOf(args.iid, 'iid')] : []),
  ];
  if (iids.length > 0) f.iids = iids;
  if (args.authorUsername) f.authorUsername = args.authorUsername;
  if (args.labelName?.length) f.labels = namesOrWildcard(args.labelName);
  if (args.myReactionEmoji) f.myReactionEmoji = emojiOrWildcard(args.myReactionEmoji);
  if (args.confidential != null) f.confidential = args.confidential;
  if (args.timeframe) f.timeframe = args.timeframe;
  else if (args.startDate && args.endDate) f.timeframe = { start: args.startDate, end: args.endDate };
  else if (args.startDate || args.endDate) throw badRequest('Both startDate and endDate must be present.', 'startDate');
  if (f.timeframe && !datesInOrder(f.timeframe.start, f.timeframe.end))
    throw badRequest('timeframe start must be before end', 'timeframe');
  if (args.includeAncestorGroups != null) f.includeAncestorGroups = args.includeAncestorGroups;
  if (args.includeDescendantGroups != null) f.includeDescendantGroups = args.includeDescendantGroups;
  if (args.milestoneTitle) f.milestoneTitle = args.milestoneTitle;
  if (args.in?.length) f.searchIn = args.in.map((v) => (v === 'TITLE' ? 'title' : 'description'));
  if (args.not?.labelName?.length) f.notLabels = namesOrWildcard(args.not.labelName);
  if (args.not?.authorUsername) f.notAuthorUsernames = [args.not.authorUsername];
  if (args.not?.myReactionEmoji) f.notMyReactionEmoji = emojiOrWildcard(args.not.myReactionEmoji);
  applyUnionedLabelAndAuthorArgs(args.or, f);
  return f;
}
