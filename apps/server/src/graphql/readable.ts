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
