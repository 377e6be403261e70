import type { CellInput, RestEntry } from './catalogue-types';
import type { Outcome } from './oracle';
import { entry, G } from './rest-catalogue-helpers';

/**
 * Issue 32: a group's export, for its owners (GitLab's `authorize! :admin_group`): 401 anonymous,
 * 404 for a group the caller may not read, 403 for other readers. The matrix's owners have no
 * finished export to download, which GitLab answers 404 "404 Not found or has expired" (or "not
 * available yet" once the start cell queued one): an owner's 404 passes.
 */
const owners = (c: CellInput): Outcome => {
  if (c.o.anonymous) return 'unauthorized';
  if (!c.o.group('read_group')) return 'hidden';
  return c.o.group('admin_group') ? 'ok' : 'forbidden';
};

export const groupExportEntries: RestEntry[] = [
  entry('POST', '/api/v4/groups/:id/export', 'plain', (c) => `${G(c)}/export`, owners),
  entry('GET', '/api/v4/groups/:id/export/download', 'plain', (c) => `${G(c)}/export/download`, owners, {
    alsoOk: [404],
  }),
  entry('GET', '/api/v4/groups/:id/export_relations/status', 'plain', (c) => `${G(c)}/export_relations/status`, owners),
];
