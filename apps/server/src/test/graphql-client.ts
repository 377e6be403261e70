import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface GqlResponse {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

/** POSTs a GraphQL document to /api/graphql, optionally with a personal access token. Test helper. */
export async function gql(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GqlResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: token ? { 'private-token': token } : {},
    payload: { query, variables },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Expects the answer's first error to be a user error (BAD_USER_INPUT) naming the argument `field`. */
export function expectUserError(res: GqlResponse, field: string): void {
  expect(res.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field } });
}

/** Reads a nested value: dig(data, 'group', 'epics', 'nodes'). */
export function dig(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}
