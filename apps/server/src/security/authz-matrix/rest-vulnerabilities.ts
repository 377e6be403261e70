import { AccessLevel } from '../../policy/access-levels';
import type { CellInput, OutOfScope, RestEntry } from './catalogue-types';
import { entry, P, read } from './rest-catalogue-helpers';

/** GitLab's `read_vulnerability`: Developer and up (and instance admins); everyone else is told nothing exists. */
const readsVulnerabilities = (c: CellInput) =>
  c.o.project('read_project') && (c.o.admin || c.o.projectLevel >= AccessLevel.DEVELOPER);

/** IE-77: a project's vulnerability list and its summary (per-severity counters, the reader's permissions). */
export const vulnerabilityEntries: RestEntry[] = [
  entry(
    'GET',
    '/api/v4/projects/:id/vulnerabilities',
    'plain',
    (c) => `${P(c)}/vulnerabilities`,
    (c) => read(c, readsVulnerabilities(c)),
  ),
  entry(
    'GET',
    '/api/v4/projects/:id/vulnerabilities/summary',
    'plain',
    (c) => `${P(c)}/vulnerabilities/summary`,
    (c) => read(c, readsVulnerabilities(c)),
  ),
];

const vulnerabilityReason =
  'vulnerabilities: the bundles hold none (a SARIF import makes them); attacked by modules/vulnerabilities/vulnerabilities.rest.test.ts';

export const vulnerabilityOutOfScope: OutOfScope[] = [
  'POST /api/v4/projects/:id/security/sarif',
  'GET /api/v4/vulnerabilities/:id',
  'POST /api/v4/vulnerabilities/:id/:action',
  'GET /api/v4/vulnerabilities/:id/issue_links',
  'POST /api/v4/vulnerabilities/:id/issue_links',
  'DELETE /api/v4/vulnerabilities/:id/issue_links/:issue_link_id',
].map((key) => ({ key, reason: vulnerabilityReason }));
