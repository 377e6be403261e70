import { isInt4Id } from '@meridian/domain';
import { DomainError } from '../errors';
import { whenLoaded } from './loaders/settled-loader';

/** What `readable` answers for `R`: a promise for a promise, the row or null for a row at hand. */
type Readable<R> = R extends Promise<infer V> ? Promise<NonNullable<V> | null> : NonNullable<R> | null;

/**
 * `row` (or what a loader answers for it) when `can` lets the actor read it, else null: what a
 * resolver answers for something missing or hidden, never telling the two apart (GitLab's null).
 * Synchronous when the row is at hand.
 */
export function readable<R>(row: R, can: (row: NonNullable<Awaited<R>>) => boolean): Readable<R> {
  return whenLoaded(row as Awaited<R> | Promise<Awaited<R>>, (value) =>
    value != null && can(value as NonNullable<Awaited<R>>) ? value : null,
  ) as Readable<R>;
}

/** What `found` resolves to, or null when it fails with `not_found`: GitLab's null for an item missing or hidden. */
export async function nullWhenNotFound<T>(found: Promise<T>): Promise<T | null> {
  try {
    return await found;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  }
}

/** What `find` finds for an `iid` argument; null when the iid is no positive int4, or for `nullWhenNotFound`. */
export async function foundByIid<T>(
  iid: string | null | undefined,
  find: (iid: number) => Promise<T>,
): Promise<T | null> {
  if (iid == null || !/^\d{1,10}$/.test(iid) || !isInt4Id(Number(iid))) return null;
  return nullWhenNotFound(find(Number(iid)));
}
