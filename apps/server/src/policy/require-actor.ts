import { DomainError } from '../errors';
import type { Actor } from './actor';

/** Writes need a signed-in user: anonymous callers get GitLab's 401 before any lookup. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new DomainError('unauthorized', '401 Unauthorized');
  return actor;
}

/** Instance administration (GitLab's `authenticated_as_admin!`): 401 anonymous, 403 any other user, before any lookup. */
export function requireAdmin(actor: Actor | null): Actor {
  const me = requireActor(actor);
  if (!me.admin) throw new DomainError('forbidden', '403 Forbidden');
  return me;
}
