import { isInt4Id } from '@meridian/domain';
import { badRequest } from '../../errors';
import { builder } from '../builder';

/** What the GraphQL issue, merge request and epic list arguments share: value readers and sort tables. */

/** The states issue and merge request lists share (GitLab's IssuableState), without `all`. */
export const issuableStateValues = {
  opened: { description: 'In open state.' },
  closed: { description: 'In closed state.' },
  locked: { description: 'Discussion has been locked.' },
} as const;

export type Maybe<T> = T | null | undefined;
export type SortTable<O extends string> = Record<string, [O, 'asc' | 'desc']>;

/** 'none' / 'any' in any case → GitLab's wildcard; anything else → null. */
export function wildcard(value: string): 'None' | 'Any' | null {
  if (/^none$/i.test(value)) return 'None';
  if (/^any$/i.test(value)) return 'Any';
  return null;
}

/** Reaction emoji name, with 'none'/'any' read as the wildcards. */
export const emojiOrWildcard = (value: string): string => wildcard(value) ?? value;

/** All-of names (labels, approvers), with a lone 'None'/'Any' read as the wildcard. */
export function namesOrWildcard(values: readonly string[]): string[] | 'None' | 'Any' {
  return (values.length === 1 ? wildcard(values[0] as string) : null) ?? [...values];
}

/** The one value of a list argument that Meridian filters by one value only; 400 for more. */
export function single(values: readonly string[], field: string): string {
  if (values.length !== 1) throw badRequest(`${field} accepts one value`, field);
  return values[0] as string;
}

export function positiveInt(value: string, field: string): number {
  const n = Number(value);
  if (!/^\d{1,10}$/.test(value) || !isInt4Id(n)) {
    throw badRequest(`${field} must be a positive integer`, field);
  }
  return n;
}

/** A numeric id or its global id (`gid://gitlab/<type>/12`). */
export function idOf(value: string | number, type: string, field: string): number {
  const raw = String(value);
  const prefix = `gid://gitlab/${type}/`;
  return positiveInt(raw.startsWith(prefix) ? raw.slice(prefix.length) : raw, field);
}

/** GitLab's created/updated sort values, in both spellings it accepts. */
export function timestampSorts<O extends string>(created: O, updated: O): SortTable<O> {
  return {
    CREATED_DESC: [created, 'desc'],
    CREATED_ASC: [created, 'asc'],
    UPDATED_DESC: [updated, 'desc'],
    UPDATED_ASC: [updated, 'asc'],
    created_desc: [created, 'desc'],
    created_asc: [created, 'asc'],
    updated_desc: [updated, 'desc'],
    updated_asc: [updated, 'asc'],
  };
}

/** `${name}_ASC` and `${name}_DESC`, sorting by `column`. */
export function ascAndDesc<O extends string>(name: string, column: O): SortTable<O> {
  return { [`${name}_ASC`]: [column, 'asc'], [`${name}_DESC`]: [column, 'desc'] };
}

/** A sort enum whose values are the table's keys. */
export function sortEnum<O extends string>(name: string, description: string, sorts: SortTable<O>) {
  return builder.enumType(name, {
    description,
    values: Object.fromEntries(
      Object.entries(sorts).map(([value, [column, dir]]) => [value, { description: `Sort by ${column} ${dir}.` }]),
    ) as Record<string, { description: string }>,
  });
}

/** The filters both lists share, as the services name them. */
interface SharedFilters<O extends string> {
  search?: string;
  searchIn?: Array<'title' | 'description'>;
  orderBy?: O;
  sort?: 'asc' | 'desc';
  authorUsername?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
}

/** The list arguments both lists read alike. */
export interface SharedListArgs {
  search?: Maybe<string>;
  in?: Maybe<readonly ('TITLE' | 'DESCRIPTION')[]>;
  sort?: Maybe<string>;
  authorUsername?: Maybe<string>;
  createdAfter?: Maybe<string>;
  createdBefore?: Maybe<string>;
  updatedAfter?: Maybe<string>;
  updatedBefore?: Maybe<string>;
}

/** Copies the arguments both lists read alike (search, sort, author, time windows) into `f`. */
export function applySharedArgs<O extends string>(
  args: SharedListArgs,
  sorts: SortTable<O>,
  f: SharedFilters<O>,
): void {
  if (args.search) f.search = args.search;
  if (args.in?.length) f.searchIn = args.in.map((v) => (v === 'TITLE' ? 'title' : 'description'));
  const sort = args.sort ? sorts[args.sort] : undefined;
  if (sort) [f.orderBy, f.sort] = sort;
  if (args.authorUsername) f.authorUsername = args.authorUsername;
  if (args.createdAfter) f.createdAfter = new Date(args.createdAfter);
  if (args.createdBefore) f.createdBefore = new Date(args.createdBefore);
  if (args.updatedAfter) f.updatedAfter = new Date(args.updatedAfter);
  if (args.updatedBefore) f.updatedBefore = new Date(args.updatedBefore);
}

/** The `or` arguments of the issue and epic lists: labels and authors, each in both of GitLab's spellings. */
export interface UnionedLabelAndAuthorArgs {
  labelName?: Maybe<readonly string[]>;
  labelNames?: Maybe<readonly string[]>;
  authorUsername?: Maybe<readonly string[]>;
  authorUsernames?: Maybe<readonly string[]>;
}

/** Copies the `or` labels and authors into `f`, both spellings of each as one list. */
export function applyUnionedLabelAndAuthorArgs(
  or: Maybe<UnionedLabelAndAuthorArgs>,
  f: { orLabels?: string[]; orAuthorUsernames?: string[] },
): void {
  const labels = [...(or?.labelName ?? []), ...(or?.labelNames ?? [])];
  if (labels.length) f.orLabels = labels;
  const authors = [...(or?.authorUsername ?? []), ...(or?.authorUsernames ?? [])];
  if (authors.length) f.orAuthorUsernames = authors;
}
