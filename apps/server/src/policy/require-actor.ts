import { DomainError } from '../errors';
import type { Actor } from './actor';

/** Writes need a signed-in user: anonymous callers get GitLab's 401 before any lookup. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new DomainError('unauthorized', '401 Unauthorized');
  return actor;
}
