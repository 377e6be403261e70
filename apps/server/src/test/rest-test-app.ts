import { type ApiClient, apiClient, createUsersWithTokens, type UsersWithTokens } from './api-client';
import { type TestAppHandle, useTestApp } from './use-test-app';

/** The file's test app, its REST client and the users it signed up, by name. */
export interface RestTestApp extends TestAppHandle<UsersWithTokens> {
  api: ApiClient;
  tok: Record<string, string>;
  uid: Record<string, number>;
}

export interface RestTestAppOptions {
  /** Username prefix, unique to the test file. */
  prefix: string;
  /** Ordinary users, each with a personal access token. */
  users: readonly string[];
  /** Instance administrators, each with a personal access token. */
  admins?: readonly string[];
}

/**
 * `useTestApp` that also signs up `users` then `admins` (username `${prefix}${name}`, tokens in
 * `tok`, ids in `uid`) before the file's own `beforeAll` (registered after this call) seeds the rest.
 */
export function useRestTestApp(options: RestTestAppOptions): RestTestApp {
  const tok: Record<string, string> = {};
  const uid: Record<string, number> = {};
  const handle = useTestApp(async ({ db }) => {
    await createUsersWithTokens(db, options.users, { prefix: options.prefix, into: { tok, uid } });
    const admins = options.admins ?? [];
    return createUsersWithTokens(db, admins, { prefix: options.prefix, admin: true, into: { tok, uid } });
  });
  return Object.assign(handle, { api: apiClient(() => handle.app, tok), tok, uid });
}
