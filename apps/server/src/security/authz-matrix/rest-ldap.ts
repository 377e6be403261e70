import type { CellInput, OutOfScope, RestEntry } from './catalogue-types';
import type { Outcome } from './oracle';
import { entry, G } from './rest-catalogue-helpers';

/**
 * IE-72: a group's LDAP group links, for its owners (GitLab's `authorize! :admin_group`): 401
 * anonymous, 404 for a group the caller may not read, 403 for other readers. The matrix's groups
 * have no links, which GitLab answers 404 "No linked LDAP groups found": an owner's 404 passes.
 */
const owners = (c: CellInput): Outcome => {
  if (c.o.anonymous) return 'unauthorized';
  if (!c.o.group('read_group')) return 'hidden';
  return c.o.group('admin_group') ? 'ok' : 'forbidden';
};

export const ldapEntries: RestEntry[] = [
  entry('GET', '/api/v4/groups/:id/ldap_group_links', 'plain', (c) => `${G(c)}/ldap_group_links`, owners, {
    alsoOk: [404],
  }),
];

const needsServer =
  'LDAP group search: needs an LDAP server (the matrix has none); attacked by modules/ldap/ldap.slapd.test.ts against slapd';
const writes =
  'LDAP group link writes change memberships at the next sync; attacked by modules/ldap/ldap.slapd.test.ts';

export const ldapOutOfScope: OutOfScope[] = [
  ...['GET /api/v4/ldap/groups', 'GET /api/v4/ldap/:provider/groups', 'GET /api/v4/ldap/:provider/groups.json'].map(
    (key) => ({ key, reason: needsServer }),
  ),
  ...[
    'POST /api/v4/groups/:id/ldap_group_links',
    'DELETE /api/v4/groups/:id/ldap_group_links',
    'DELETE /api/v4/groups/:id/ldap_group_links/:cn',
    'DELETE /api/v4/groups/:id/ldap_group_links/:provider/:cn',
  ].map((key) => ({ key, reason: writes })),
  {
    key: 'POST /api/v4/groups/:id/ldap_sync',
    reason: 'syncs memberships from an LDAP server (the matrix has none); attacked by modules/ldap/ldap.slapd.test.ts',
  },
];
