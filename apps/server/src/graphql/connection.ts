import type { ObjectRef } from '@pothos/core';
import { COUNT_CAP } from '../db/capped-count';
import { decodeCursor, encodeCursor } from '../db/cursor';
import { badRequest } from '../errors';
import { builder } from './builder';
import { MAX_PAGE_SIZE } from './complexity';

type Types = typeof builder.$inferSchemaTypes;

/**
 * The largest offset a cursor may carry, as lists count at most COUNT_CAP rows: deeper pages are
 * reached by narrowing the filters, not by walking (and sorting) ever more rows.
 */
export const MAX_CURSOR_OFFSET = COUNT_CAP;

/** A resolved page of a connection. `count` is lazy: only run when the client selects it. */
export interface Connection<T> {
  items: T[];
  /** Offset of items[0] in the whole ordered list; cursors encode offsets. */
  offset: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  count: () => Promise<number> | number;
}

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface PageWindow {
  offset: number;
  limit: number;
}

export interface PageInfoShape {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

const PageInfo = builder.objectRef<PageInfoShape>('PageInfo').implement({
  description: 'Information about pagination in a connection.',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'When paginating forwards, are there more items?' }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', {
      description: 'When paginating backwards, are there more items?',
    }),
    startCursor: t.exposeString('startCursor', {
      nullable: true,
      description: 'When paginating backwards, the cursor to continue.',
    }),
    endCursor: t.exposeString('endCursor', {
      nullable: true,
      description: 'When paginating forwards, the cursor to continue.',
    }),
  }),
});

/** The standard Relay arguments, as GitLab names them. */
export const pageArgs = builder.args((t) => ({
  first: t.int({ required: false, description: 'Returns the first _n_ elements from the list (at most 100).' }),
  after: t.string({
    required: false,
    description: 'Returns the elements in the list that come after the specified cursor.',
  }),
  last: t.int({ required: false, description: 'Returns the last _n_ elements from the list (at most 100).' }),
  before: t.string({
    required: false,
    description: 'Returns the elements in the list that come before the specified cursor.',
  }),
}));

export function cursorFor(offset: number): string {
  return encodeCursor({ offset });
}

/**
 * GitLab's front end sends `after: ""` as its first cursor (`$endCursor: String = ""`) and graphql-ruby
 * reads an empty cursor as none: every connection here does the same, from the start of the list.
 */
export function presentCursor(cursor: string | null | undefined): string | null {
  return cursor == null || cursor === '' ? null : cursor;
}

/** The page arguments with empty cursors read as absent. */
function withCursors(args: PageArgs): PageArgs {
  return { ...args, after: presentCursor(args.after), before: presentCursor(args.before) };
}

export function offsetOf(cursor: string, arg: 'after' | 'before'): number {
  const value = decodeCursor(cursor)?.offset;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw badRequest(`${arg} is not a valid cursor`, arg);
  }
  if (value > MAX_CURSOR_OFFSET) {
    throw badRequest(`${arg} is too far: cursors stop at offset ${MAX_CURSOR_OFFSET}; narrow the filters`, arg);
  }
  return value;
}

function size(value: number | null | undefined, arg: 'first' | 'last'): number {
  if (value == null) return MAX_PAGE_SIZE;
  if (!Number.isInteger(value) || value < 0) throw badRequest(`${arg} must be greater than or equal to 0`, arg);
  return Math.min(value, MAX_PAGE_SIZE);
}

/** `last` / `before` page backwards (and can't be combined with `first`). */
function pagesBackward(args: PageArgs): boolean {
  if (args.last == null && args.before == null) return false;
  if (args.first != null) throw badRequest('first and last cannot be combined', 'last');
  return true;
}

/** The rows `[start, end)` a backward page holds; `end` is `before`'s offset, else the list's length. */
function backwardWindow(args: PageArgs, length: number): { start: number; end: number } {
  const end = args.before != null ? offsetOf(args.before, 'before') : length;
  return { start: Math.max(0, end - size(args.last, 'last')), end };
}

/** Where a forward page starts (after `after`'s row) and how many rows it holds. */
function forwardWindow(args: PageArgs): PageWindow {
  return { offset: args.after != null ? offsetOf(args.after, 'after') + 1 : 0, limit: size(args.first, 'first') };
}

/**
 * Resolves Relay arguments against an offset/limit fetcher. Forward pagination fetches one extra
 * row to learn `hasNextPage`; `last` without `before` needs the total count.
 */
export async function paginate<T>(
  args: PageArgs,
  fetch: (window: PageWindow) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Connection<T>> {
  args = withCursors(args);
  let total: Promise<number> | undefined;
  const lazyCount = () => {
    total ??= count();
    return total;
  };
  if (pagesBackward(args)) {
    const { start, end } = backwardWindow(args, args.before != null ? 0 : await lazyCount());
    const items = end > start ? await fetch({ offset: start, limit: end - start }) : [];
    return { items, offset: start, hasNextPage: args.before != null, hasPreviousPage: start > 0, count: lazyCount };
  }
  const { offset, limit } = forwardWindow(args);
  const rows = limit > 0 ? await fetch({ offset, limit: limit + 1 }) : [];
  return {
    items: rows.slice(0, limit),
    offset,
    hasNextPage: rows.length > limit,
    hasPreviousPage: offset > 0,
    count: lazyCount,
  };
}

/** `paginate` over two batch loaders keyed alike: one loads a window of the list, the other counts it. */
export function paginateLoaders<K extends object, T>(
  args: PageArgs,
  key: K,
  loaders: { page: { load: (key: K & PageWindow) => Promise<T[]> }; count: { load: (key: K) => Promise<number> } },
): Promise<Connection<T>> {
  return paginate(
    args,
    (window) => loaders.page.load({ ...key, ...window }),
    () => loaders.count.load(key),
  );
}

/**
 * Paginates a list already in memory (labels of one epic, ancestors…): `paginate`'s windows without
 * its promises, since a list of thousands of epics pages each one's labels.
 */
export function paginateArray<T>(args: PageArgs, all: readonly T[]): Connection<T> {
  args = withCursors(args);
  const count = () => all.length;
  if (pagesBackward(args)) {
    const { start, end } = backwardWindow(args, all.length);
    const items = end > start ? all.slice(start, end) : [];
    return { items, offset: start, hasNextPage: args.before != null, hasPreviousPage: start > 0, count };
  }
  const { offset, limit } = forwardWindow(args);
  return {
    items: all.slice(offset, offset + limit),
    offset,
    hasNextPage: all.length > offset + limit,
    hasPreviousPage: offset > 0,
    count,
  };
}

/**
 * Defines `<Name>Connection { count nodes edges { node cursor } pageInfo }` and `<Name>Edge` over a node type.
 * One connection type per node type, shared by every field that returns it, as in GitLab.
 */
export function defineConnection<T>(
  nodeName: string,
  node: ObjectRef<Types, T>,
  options: { count?: boolean } = {},
): ObjectRef<Types, Connection<T>> {
  const Edge = builder.objectRef<{ node: T; cursor: string }>(`${nodeName}Edge`).implement({
    description: 'An edge in a connection.',
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'A cursor for use in pagination.' }),
      node: t.field({ type: node, description: 'The item at the end of the edge.', resolve: (e) => e.node as never }),
    }),
  });
  return builder.objectRef<Connection<T>>(`${nodeName}Connection`).implement({
    description: `The connection type for ${nodeName}.`,
    fields: (t) => ({
      ...(options.count === false
        ? {}
        : {
            count: t.int({
              description: 'Total count of collection.',
              resolve: (c) => c.count(),
            }),
          }),
      nodes: t.field({ type: [node], description: 'A list of nodes.', resolve: (c) => c.items }),
      edges: t.field({
        type: [Edge],
        description: 'A list of edges.',
        resolve: (c) => c.items.map((item, i) => ({ node: item, cursor: cursorFor(c.offset + i) })),
      }),
      pageInfo: t.field({
        type: PageInfo,
        description: 'Information to aid in pagination.',
        resolve: (c) => ({
          hasNextPage: c.hasNextPage,
          hasPreviousPage: c.hasPreviousPage,
          startCursor: c.items.length ? cursorFor(c.offset) : null,
          endCursor: c.items.length ? cursorFor(c.offset + c.items.length - 1) : null,
        }),
      }),
    }),
  });
}

/** A service page: the rows of the window and the total the actor may see. */
export interface ServicePage<T> {
  rows: T[];
  total: number;
}

/**
 * Resolves Relay arguments against a service that takes offset/limit and returns `{ rows, total }`
 * (listEpics, listIssues): one service call per page, and `count` comes free with it.
 */
export async function paginateService<T>(
  args: PageArgs,
  fetch: (window: PageWindow) => Promise<ServicePage<T>>,
): Promise<Connection<T>> {
  args = withCursors(args);
  if (args.last != null || args.before != null) {
    if (args.first != null) throw badRequest('first and last cannot be combined', 'last');
    const end = args.before != null ? offsetOf(args.before, 'before') : (await fetch({ offset: 0, limit: 1 })).total;
    const start = Math.max(0, end - size(args.last, 'last'));
    const page = await fetch({ offset: start, limit: Math.max(end - start, 0) });
    const items = page.rows.slice(0, end - start);
    return { items, offset: start, hasNextPage: end < page.total, hasPreviousPage: start > 0, count: () => page.total };
  }
  const offset = args.after != null ? offsetOf(args.after, 'after') + 1 : 0;
  const limit = size(args.first, 'first');
  const page = await fetch({ offset, limit });
  const items = page.rows.slice(0, limit);
  return {
    items,
    offset,
    hasNextPage: offset + items.length < page.total,
    hasPreviousPage: offset > 0,
    count: () => page.total,
  };
}

/**
 * The smallest page size ≥ `limit` whose page holds the whole window [offset, offset + limit):
 * at most about 5 × limit for small limits and 2 × limit + 1 for large ones, never offset + limit
 * rows (offsets are capped, see MAX_CURSOR_OFFSET).
 */
export function pageHolding(offset: number, limit: number): { page: number; perPage: number } {
  let perPage = Math.max(limit, 1);
  while (Math.floor(offset / perPage) !== Math.floor((offset + Math.max(limit, 1) - 1) / perPage)) perPage += 1;
  return { page: Math.floor(offset / perPage) + 1, perPage };
}

/** Adapts a page-number service (`page`, `perPage`, as labels and milestones take) to an offset window. */
export function byPageNumber<T>(
  fetchPage: (page: number, perPage: number) => Promise<ServicePage<T>>,
): (window: PageWindow) => Promise<ServicePage<T>> {
  return async ({ offset, limit }) => {
    const { page, perPage } = pageHolding(offset, limit);
    const result = await fetchPage(page, perPage);
    const start = offset - (page - 1) * perPage;
    return { rows: result.rows.slice(start, start + limit), total: result.total };
  };
}
