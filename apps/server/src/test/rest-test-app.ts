import { type ApiClient, apiClient, createUsersWithTokens, type UsersWithTokens } from './api-client';
import { createNamedGroups, createNamedProjects, type NamedGroup, type NamedProject } from './named-namespaces';
import { type TestAppHandle, useTestApp } from './use-test-app';

/** The file's test app, its REST client, the users it signed up and the groups and projects it made, by name. */
export interface RestTestApp<G extends string = never, P extends string = never>
  extends TestAppHandle<UsersWithTokens> {
  api: ApiClient;
  tok: Record<string, string>;
  uid: Record<string, number>;
  /** Group ids by the key of `options.groups`. */
  gid: Record<G, number>;
  /** Project ids by the key of `options.projects`. */
  pid: Record<P, number>;
}

export interface RestTestAppOptions<G extends string = never, P extends string = never> {
  /** Username prefix, unique to the test file. */
  prefix: string;
  /** Ordinary users, each with a personal access token. */
  users: readonly string[];
  /** Instance administrators, each with a personal access token. */
  admins?: readonly string[];
  /** Groups made after the users, in the order listed, each with its members. */
  groups?: Record<G, NamedGroup>;
  /** Projects made after the groups, in the order listed, each in one of them and with its members. */
  projects?: Record<P, NamedProject & { group: NoInfer<G> }>;
  /** Extra environment for the app (e.g. UPLOADS_DIR). */
  env?: Record<string, string>;
}

/**
 * `useTestApp` that also signs up `users` then `admins` (username `${prefix}${name}`, tokens in
 * `tok`, ids in `uid`), makes `groups` (ids in `gid`) then `projects` (ids in `pid`) before the
 * file's own `beforeAll` (registered after this call) seeds the rest.
 */
export function useRestTestApp<G extends string = never, P extends string = never>(
  options: RestTestAppOptions<G, P>,
): RestTestApp<G, P> {
  const tok: Record<string, string> = {};
  const uid: Record<string, number> = {};
  const gid = {} as Record<G, number>;
  const pid = {} as Record<P, number>;
  const handle = useTestApp(
    async ({ db }) => {
      await createUsersWithTokens(db, options.users, { prefix: options.prefix, into: { tok, uid } });
      const admins = options.admins ?? [];
      const signedUp = await createUsersWithTokens(db, admins, {
        prefix: options.prefix,
        admin: true,
        into: { tok, uid },
      });
      await createNamedGroups(db, options.groups ?? {}, uid, gid);
      await createNamedProjects(db, options.projects ?? {}, uid, gid, pid);
      return signedUp;
    },
    options.env ? { env: options.env } : {},
  );
  return Object.assign(handle, { api: apiClient(() => handle.app, tok), tok, uid, gid, pid });
}
