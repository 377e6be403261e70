import type { RestEntry } from './catalogue-types';
import { entry, G, groupOwners } from './rest-catalogue-helpers';

/**
 * Issue 29: a group's settings (`PUT /groups/:id` with the GitLab settings Meridian stores), for its
 * owners: 401 anonymous, 404 for a group the caller may not read, 403 for other readers. The body
 * sets the defaults again, so an owner's allowed write changes nothing the other cells rely on.
 */
export const groupSettingsEntries: RestEntry[] = [
  entry('PUT', '/api/v4/groups/:id', 'plain', G, groupOwners, {
    body: () => ({ emails_enabled: true, project_creation_level: 'developer', subgroup_creation_level: 'maintainer' }),
  }),
];
