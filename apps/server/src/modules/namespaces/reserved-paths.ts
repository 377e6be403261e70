import { badRequest } from '../../errors';

/**
 * Top-level paths the web app and API use: a user or top-level group named like one would shadow
 * routes. One list for usernames (auth/accounts.service.ts) and top-level group paths.
 */
export const RESERVED_TOP_LEVEL_PATHS: ReadonlySet<string> = new Set([
  '-',
  'admin',
  'api',
  'assets',
  'dashboard',
  'explore',
  'groups',
  'help',
  // `/import/source_users/:id` is where a user reviews a placeholder reassignment (GitLab's path).
  'import',
  // `/groups/new` is the Import group page.
  'new',
  'projects',
  'public',
  'search',
  'uploads',
  'users',
]);

/** Case-insensitive: 'API' is reserved too. */
export function isReservedTopLevelPath(path: string): boolean {
  return RESERVED_TOP_LEVEL_PATHS.has(path.toLowerCase());
}

/** 400 naming `path` when a top-level namespace would take a reserved name. */
export function assertTopLevelPathAllowed(path: string): void {
  if (isReservedTopLevelPath(path)) throw badRequest(`path is invalid: ${path} is a reserved name`, 'path');
}
