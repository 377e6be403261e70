import type { FastifyInstance } from 'fastify';

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

/** Reads a nested value: dig(data, 'group', 'epics', 'nodes'). */
export function dig(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}
