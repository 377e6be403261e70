import { z } from 'zod';
import { VALID_ACCESS_LEVELS } from '../../policy/access-levels';
import { gitlabBoolean } from '../../rest/params';

/** GET /ldap/groups, /ldap/:provider/groups(.json): a cn prefix; GitLab answers 20 at most. */
export const ldapGroupSearchParams = z.object({
  search: z.string().max(255).default(''),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
  // The web app's group-link form asks for active groups only; every LDAP group is.
  active: gitlabBoolean.optional(),
});

const accessLevel = z.coerce
  .number()
  .int()
  .refine((v) => (VALID_ACCESS_LEVELS as readonly number[]).includes(v), 'must be one of 10, 15, 20, 30, 40, 50');

/** POST /groups/:id/ldap_group_links (a cn; GitLab's `filter` links are an Ultimate feature not offered). */
export const createLdapGroupLinkParams = z.object({
  cn: z.string().trim().min(1).max(255),
  group_access: accessLevel,
  provider: z.string().trim().min(1).max(255),
  filter: z.undefined({ message: 'is not supported: link an LDAP group by cn' }).optional(),
});
export type CreateLdapGroupLinkInput = z.infer<typeof createLdapGroupLinkParams>;

/** DELETE /groups/:id/ldap_group_links with the link in the body or query. */
export const deleteLdapGroupLinkParams = z.object({
  cn: z.string().min(1).max(255),
  provider: z.string().min(1).max(255).optional(),
  filter: z.undefined({ message: 'is not supported: name the link by cn' }).optional(),
});
