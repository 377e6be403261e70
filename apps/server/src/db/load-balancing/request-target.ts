import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReplicaHost } from './replica-hosts';

/**
 * Where one request's statements go. A request starts on the primary; the load balancer moves a
 * read to a replica (`replica`) once it knows the reader's writes are there. A statement the
 * replica cannot run (a write, a recovery conflict, a lost connection) is run on the primary
 * instead, and the rest of the request stays there.
 */
export interface RequestTarget {
  replica: ReplicaHost | null;
  /** The request only reads (a GET, a GraphQL query): its writer's position is not recorded. */
  read: boolean;
  /** Set when a read turned out to write (on the primary): the writer's next reads must see it. */
  wrote: boolean;
}

const current = new AsyncLocalStorage<RequestTarget>();

/** Runs `next` (the rest of a request) with its own target, on the primary until told otherwise. */
export function runWithRequestTarget(target: RequestTarget, next: () => void): void {
  current.run(target, next);
}

/** The current request's target; none outside a request (CLI, workers, the auth lookup): the primary. */
export function requestTarget(): RequestTarget | undefined {
  return current.getStore();
}
