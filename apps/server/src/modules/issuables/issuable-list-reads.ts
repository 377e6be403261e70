import type { Database } from '../../db/connection';
import type { ListPage, Pageable } from '../../db/list-page';
import { notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { type IssuableOrder, issuableBatches } from './issuable-batches';
import type { Condition, IssuableSource } from './issuable-source';
import { countIssuables, type IssuableListResult, type IssuableListScope, listIssuables } from './list-issuables';

type ListOrder = { orderBy?: string; sort?: 'asc' | 'desc' };

/** How one kind of issuable is listed (issues, merge requests): what `issuableListReads` composes. */
export interface IssuableLister<R extends { id: number }, F extends ListOrder> {
  source: IssuableSource;
  /** What a 404 names when a row is missing or hidden: `404 <name> Not Found`. */
  name: string;
  /** The row of that project and iid, if the actor may read it. */
  byIid: (db: Database, actor: Actor | null, projectId: number, iid: number) => Promise<R | undefined>;
  /** What a list matches: its scope, what the actor may read, and the filters. */
  conditions: (actor: Actor | null, scope: IssuableListScope, filters: F) => Condition[];
  /** The rows matching `where`, in the filters' order. */
  rows: (db: Database, filters: F, where: Condition) => Pageable<R>;
  /** One keyset batch: those rows with `order`'s key columns selected (`orderKeyColumns`), `limit` of them. */
  batch: (
    db: Database,
    filters: F,
    order: IssuableOrder,
    where: Condition,
    limit: number,
  ) => Promise<Array<R & Record<string, unknown>>>;
  /** The filters' order as typed keys. */
  order: (filters: F) => IssuableOrder;
}

/**
 * A kind's list reads over the same conditions and order, so they always agree: a page with its
 * capped total (`listIssuables`), every row in keyset batches of `batchSize` for a caller streaming
 * them one batch at a time (`issuableBatches`), and the capped count alone (`countIssuables`); and
 * one row by project and iid.
 */
export function issuableListReads<R extends { id: number }, F extends ListOrder>(lister: IssuableLister<R, F>) {
  return {
    list<D = undefined>(
      db: Database,
      actor: Actor | null,
      scope: IssuableListScope,
      filters: F,
      page: ListPage,
      loadDetails?: (rows: R[]) => Promise<D>,
    ): Promise<IssuableListResult<R, D>> {
      const where = lister.conditions(actor, scope, filters);
      const query = { where, rows: (w: Condition) => lister.rows(db, filters, w), order: filters };
      return listIssuables(db, lister.source, actor, query, page, loadDetails);
    },
    batches(
      db: Database,
      actor: Actor | null,
      scope: IssuableListScope,
      filters: F,
      batchSize = 500,
    ): AsyncGenerator<R[]> {
      const order = lister.order(filters);
      return issuableBatches(
        lister.source,
        order,
        lister.conditions(actor, scope, filters),
        batchSize,
        (where, limit) => lister.batch(db, filters, order, where, limit),
      );
    },
    count(db: Database, actor: Actor | null, scope: IssuableListScope, filters: F): Promise<number> {
      return countIssuables(db, lister.source, lister.conditions(actor, scope, filters));
    },
    async find(db: Database, actor: Actor | null, projectId: number, iid: number): Promise<R> {
      const row = await lister.byIid(db, actor, projectId, iid);
      if (!row) throw notFound(lister.name);
      return row;
    },
  };
}
