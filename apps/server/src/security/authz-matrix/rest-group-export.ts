import type { RestEntry } from './catalogue-types';
import { entry, G, groupOwners as owners } from './rest-catalogue-helpers';

/**
 * Issue 32: a group's export, for its owners (GitLab's `authorize! :admin_group`): 401 anonymous,
 * 404 for a group the caller may not read, 403 for other readers. The matrix's owners have no
 * finished export to download, which GitLab answers 404 "404 Not found or has expired" (or "not
 * available yet" once the start cell queued one): an owner's 404 passes.
 */

export const groupExportEntries: RestEntry[] = [
  entry('POST', '/api/v4/groups/:id/export', 'plain', (c) => `${G(c)}/export`, owners),
  entry('GET', '/api/v4/groups/:id/export/download', 'plain', (c) => `${G(c)}/export/download`, owners, {
    alsoOk: [404],
  }),
  entry('GET', '/api/v4/groups/:id/export_relations/status', 'plain', (c) => `${G(c)}/export_relations/status`, owners),
];
