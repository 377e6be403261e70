import type { builder } from '../builder';
import type { InputFieldBuilder } from '../input-mutation';
import { IssuableSearchableField } from './filter-enums';

/** The field builder `builder.args` hands its callback. */
type ArgBuilder = Parameters<Parameters<typeof builder.args>[0]>[0];

/** `search` and `in`, alike on the issue, merge request and epic lists. */
export const searchArgFields = (t: ArgBuilder) => ({
  search: t.string({ required: false, description: 'Search query for title or description.' }),
  in: t.field({
    type: [IssuableSearchableField],
    required: false,
    description: 'Specify the fields to perform the search in. Defaults to `[TITLE, DESCRIPTION]`.',
  }),
});

type TimeWindow = 'created after' | 'created before' | 'updated after' | 'updated before';

/** `createdAfter` … `updatedBefore`, each described by `describe('created after')` and so on. */
export const timeWindowArgFields = (t: ArgBuilder, describe: (window: TimeWindow) => string) => ({
  createdAfter: t.field({ type: 'Time', required: false, description: describe('created after') }),
  createdBefore: t.field({ type: 'Time', required: false, description: describe('created before') }),
  updatedAfter: t.field({ type: 'Time', required: false, description: describe('updated after') }),
  updatedBefore: t.field({ type: 'Time', required: false, description: describe('updated before') }),
});

/** The `or` argument of a list: any of its filters may match. */
export const unionedArgField = <T extends Parameters<ArgBuilder['field']>[0]['type']>(t: ArgBuilder, type: T) =>
  t.field({ type, required: false, description: 'List of arguments with inclusive OR.' });

/** The `or` filters of the issue and epic lists: any of these labels, or any of these authors (both spellings). */
export const unionedLabelAndAuthorFields = (t: InputFieldBuilder, noun: 'issues' | 'epics') => ({
  labelName: t.stringList({ required: false, description: `Filters ${noun} that have at least one of these labels.` }),
  labelNames: t.stringList({ required: false, description: `Filters ${noun} that have at least one of these labels.` }),
  authorUsername: t.stringList({ required: false, description: `Filters ${noun} authored by one of these users.` }),
  authorUsernames: t.stringList({ required: false, description: `Filters ${noun} authored by one of these users.` }),
});
