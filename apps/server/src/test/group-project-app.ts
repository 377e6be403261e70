import { type ApiClient, apiClient, createUsersWithTokens } from './api-client';
import { createGroup, createGroupMembers, createProject } from './factories';
import { type TestAppHandle, useTestApp } from './use-test-app';

export interface GroupProjectOptions {
  /** The group's path (and name, unless `name` is given); its project is `app`. */
  group: string;
  name?: string;
  /** Username prefix, unique to the test file. */
  prefix: string;
  /** Members of the group: access level by role, in order, each with a personal access token. */
  members: Record<string, number>;
  /** Users outside the group, each with a personal access token. */
  outsiders?: readonly string[];
  /** Instance administrators outside the group, each with a personal access token. */
  admins?: readonly string[];
}

/** The file's test app with a group, its project `app` and users by role; `api` sends as them. */
export interface GroupProjectApp extends TestAppHandle<{ groupId: number; projectId: number }> {
  api: ApiClient;
  tok: Record<string, string>;
  uid: Record<string, number>;
  readonly groupId: number;
  readonly projectId: number;
}

/**
 * `useTestApp` seeded with a private group, its project `app`, the group's `members`, then the
 * `outsiders` and `admins` (username `${prefix}${role}`, tokens in `tok`, ids in `uid`), before the
 * file's own `beforeAll` (registered after this call) adds the rest.
 */
export function useGroupProjectApp(options: GroupProjectOptions, env?: Record<string, string>): GroupProjectApp {
  const tok: Record<string, string> = {};
  const uid: Record<string, number> = {};
  const handle = useTestApp(
    async ({ db }) => {
      const group = await createGroup(db, { path: options.group, name: options.name });
      const project = await createProject(db, { namespaceId: group.id, path: 'app' });
      const members = await createGroupMembers(db, group.id, options.prefix, Object.entries(options.members));
      Object.assign(tok, members.tokens);
      Object.assign(uid, members.users);
      await createUsersWithTokens(db, options.outsiders ?? [], { prefix: options.prefix, into: { tok, uid } });
      await createUsersWithTokens(db, options.admins ?? [], {
        prefix: options.prefix,
        admin: true,
        into: { tok, uid },
      });
      return { groupId: group.id, projectId: project.id };
    },
    { env },
  );
  return Object.defineProperties(Object.assign(handle, { api: apiClient(() => handle.app, tok), tok, uid }), {
    groupId: { get: () => handle.world.groupId },
    projectId: { get: () => handle.world.projectId },
  }) as GroupProjectApp;
}
