import { AccessLevel } from '../../policy/access-levels';
import type { CellInput, OutOfScope, RestEntry } from './catalogue-types';
import { gate } from './oracle';
import { entry, P } from './rest-catalogue-helpers';

/**
 * IE-83: a project's external status checks are managed by its Maintainers; every status check
 * call needs a signed-in user first (GitLab's `authenticate!`: 401 anonymous before any lookup).
 */
const projectMaintainer = (c: CellInput) => c.o.admin || c.o.projectLevel >= AccessLevel.MAINTAINER;

export const statusCheckEntries: RestEntry[] = [
  entry(
    'GET',
    '/api/v4/projects/:id/external_status_checks',
    'plain',
    (c) => `${P(c)}/external_status_checks`,
    (c) => gate(c.o, true, [c.o.project('read_project')], projectMaintainer(c)),
  ),
];

const reason =
  'external status checks: writes, and merge request calls that need a merge request and a check outside the bundle; attacked by modules/status-checks/status-checks.rest.test.ts';

export const statusCheckOutOfScope: OutOfScope[] = [
  'POST /api/v4/projects/:id/external_status_checks',
  'PUT /api/v4/projects/:id/external_status_checks/:check_id',
  'DELETE /api/v4/projects/:id/external_status_checks/:check_id',
  'GET /api/v4/projects/:id/merge_requests/:merge_request_iid/status_checks',
  'POST /api/v4/projects/:id/merge_requests/:merge_request_iid/status_check_responses',
  'POST /api/v4/projects/:id/merge_requests/:merge_request_iid/status_checks/:external_status_check_id/retry',
].map((key) => ({ key, reason }));
