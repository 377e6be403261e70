import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/connection';
import { createToken, createUser } from './factories';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Tokens = Readonly<Record<string, string | undefined>>;

/** Sends `method url` to the app as the named user (no token when `who` is omitted). */
export type ApiClient = (
  method: HttpMethod,
  url: string,
  who?: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/**
 * The REST test client: `api('GET', '/groups/1', 'owner')` injects `GET /api/v4/groups/1` with the
 * personal access token `tokens.owner` (an unknown name sends an empty token, which the API refuses).
 * `app` and `tokens` may be getters, for clients declared before `beforeAll` has built the app and
 * its users; a tokens record is read at call time, so it may be filled in later too.
 */
export function apiClient(
  app: FastifyInstance | (() => FastifyInstance),
  tokens: Tokens | (() => Tokens),
  prefix = '/api/v4',
): ApiClient {
  const appOf = typeof app === 'function' ? app : () => app;
  const tokensOf = typeof tokens === 'function' ? tokens : () => tokens;
  return (method, url, who, payload) => {
    const options: InjectOptions = {
      method,
      url: `${prefix}${url}`,
      headers: who ? { 'private-token': tokensOf()[who] ?? '' } : {},
      ...(payload ? { payload } : {}),
    };
    return appOf().inject(options);
  };
}

/** What a create answers: the new row's id, and the rest of its JSON to assert on. */
export interface Created {
  id: number;
  [field: string]: unknown;
}

/** The same for an issue, merge request or epic, which also has its iid. */
export interface CreatedIssuable extends Created {
  iid: number;
}

/** POSTs `payload` (if any) to `url` as `who`, expects 201 Created (the body names a failure) and answers the created JSON. */
export async function postCreated<T extends Created = Created>(
  api: ApiClient,
  url: string,
  who: string,
  payload?: object,
): Promise<T> {
  const res = await api('POST', url, who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Opens a merge request in `projectId` as `who`, into `main` unless `fields` name another target. */
export function openMergeRequest(
  api: ApiClient,
  projectId: number,
  who: string,
  fields: { title: string; source_branch: string } & Record<string, unknown>,
): Promise<CreatedIssuable> {
  return postCreated(api, `/projects/${projectId}/merge_requests`, who, { target_branch: 'main', ...fields });
}

/** A request and the status it must answer: method, URL, who sends it (anonymous when undefined), payload, status. */
export type StatusCase = readonly [HttpMethod, string, string | undefined, object | undefined, number];

/** Sends each request in order through `api` and expects its status; the request names the failure. */
export async function expectStatuses(api: ApiClient, cases: readonly StatusCase[]): Promise<void> {
  for (const [method, url, who, payload, status] of cases) {
    const res = await api(method, url, who, payload);
    expect(res.statusCode, `${method} ${url} as ${who ?? 'anonymous'} ${JSON.stringify(payload ?? null)}`).toBe(status);
  }
}

/** Personal access tokens and user ids by name, as `createUsersWithTokens` fills them in. */
export interface UsersWithTokens {
  tok: Record<string, string>;
  uid: Record<string, number>;
}

/**
 * Creates one user per name (username `${prefix}${name}`), each with a personal access token, in
 * order. Fills `into.tok` and `into.uid` (new records where not given) with `tok[name]` and `uid[name]`
 * and returns them.
 */
export async function createUsersWithTokens(
  db: Database,
  names: readonly string[],
  options: { prefix?: string; admin?: boolean; into?: Partial<UsersWithTokens> } = {},
): Promise<UsersWithTokens> {
  const into: UsersWithTokens = { tok: options.into?.tok ?? {}, uid: options.into?.uid ?? {} };
  for (const name of names) {
    const user = await createUser(db, { username: `${options.prefix ?? ''}${name}`, admin: options.admin ?? false });
    into.uid[name] = user.id;
    into.tok[name] = await createToken(db, user.id);
  }
  return into;
}
