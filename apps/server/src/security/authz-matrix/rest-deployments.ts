import { AccessLevel } from '../../policy/access-levels';
import type { CellInput, OutOfScope, RestEntry } from './catalogue-types';
import { gate, type Outcome } from './oracle';
import { entry, G, P } from './rest-catalogue-helpers';

/**
 * IE-75, IE-79, IE-80: environments and deployments are read by Reporters; protected environments
 * are managed by Maintainers of the project or of the group.
 */
const reporter = (c: CellInput) => c.o.admin || c.o.projectLevel >= AccessLevel.REPORTER;
const projectMaintainer = (c: CellInput) => c.o.admin || c.o.projectLevel >= AccessLevel.MAINTAINER;
const groupMaintainer = (c: CellInput) => c.o.admin || c.o.groupLevel >= AccessLevel.MAINTAINER;
const readsProject = (c: CellInput) => gate(c.o, false, [c.o.project('read_project')], reporter(c));
/** Maintainers' reads: 404 what the caller may not see (the app's 404 for a hidden project comes first), then 401 anonymous. */
const managed = (c: CellInput, readable: boolean, allowed: boolean): Outcome => {
  if (!readable) return 'hidden';
  if (c.o.anonymous) return 'unauthorized';
  return allowed ? 'ok' : 'forbidden';
};

export const deploymentEntries: RestEntry[] = [
  entry('GET', '/api/v4/projects/:id/environments', 'plain', (c) => `${P(c)}/environments`, readsProject),
  entry('GET', '/api/v4/projects/:id/deployments', 'plain', (c) => `${P(c)}/deployments`, readsProject),
  entry(
    'GET',
    '/api/v4/projects/:id/analytics/deployment_frequency',
    'plain',
    (c) => `${P(c)}/analytics/deployment_frequency?from=2026-01-01`,
    readsProject,
  ),
  entry(
    'GET',
    '/api/v4/projects/:id/protected_environments',
    'plain',
    (c) => `${P(c)}/protected_environments`,
    (c) => managed(c, c.o.project('read_project'), projectMaintainer(c)),
  ),
  entry(
    'GET',
    '/api/v4/groups/:id/protected_environments',
    'plain',
    (c) => `${G(c)}/protected_environments`,
    (c) => managed(c, c.o.group('read_group'), groupMaintainer(c)),
  ),
];

const reason =
  'environments, deployments, approvals and protected environments: need an environment, deployment or protection outside the bundle; attacked by modules/deployments/deployments.rest.test.ts';

export const deploymentOutOfScope: OutOfScope[] = [
  'POST /api/v4/projects/:id/environments',
  'GET /api/v4/projects/:id/environments/:environment_id',
  'PUT /api/v4/projects/:id/environments/:environment_id',
  'DELETE /api/v4/projects/:id/environments/:environment_id',
  'POST /api/v4/projects/:id/environments/:environment_id/stop',
  'POST /api/v4/projects/:id/deployments',
  'GET /api/v4/projects/:id/deployments/:deployment_id',
  'PUT /api/v4/projects/:id/deployments/:deployment_id',
  'POST /api/v4/projects/:id/deployments/:deployment_id/approval',
  'POST /api/v4/projects/:id/protected_environments',
  'GET /api/v4/projects/:id/protected_environments/:name',
  'PUT /api/v4/projects/:id/protected_environments/:name',
  'DELETE /api/v4/projects/:id/protected_environments/:name',
  'POST /api/v4/groups/:id/protected_environments',
  'GET /api/v4/groups/:id/protected_environments/:name',
  'PUT /api/v4/groups/:id/protected_environments/:name',
  'DELETE /api/v4/groups/:id/protected_environments/:name',
].map((key) => ({ key, reason }));
