import type { FastifyRequest } from 'fastify';

/**
 * What a request is, for the rate-limit buckets, decided from the method, the route and the parsed
 * input only (no SQL, no GraphQL parse): requests that no bucket counts stay free.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const GRAPHQL_PATH = '/api/graphql';
/**
 * GitLab's protected paths that Meridian has: sign-in, sign-up and sign-out (GitLab protects the
 * `/users` prefix). Counted per address, never in a user's write budget, so an exhausted budget
 * cannot keep a session from being ended.
 */
const PROTECTED_PATHS = new Set(['/users/sign_in', '/users/sign_up', '/users/sign_out']);
/** Routes that create a comment: a note, a discussion, or a reply in a discussion. */
const NOTE_CREATION = /\/(?:notes|discussions)$/;
/** A `mutation` keyword anywhere (in a comment or string too: counting too much is the safe side). */
const MUTATION_KEYWORD = /\bmutation\b/;
/** A `search:` or `searchTerm:` argument given as a string literal or as a variable. */
const SEARCH_ARGUMENT = /\b(?:search|searchTerm)\s*:\s*(?:"|\$(\w+))/g;

/** The issue AI features' actions (`modules/ai/issue-ai.rest.ts`): `…/issues(/:issue_iid)/ai/<action>`. */
const ISSUE_AI_ACTION = /^\/api\/v4\/projects\/:id\/issues\/(?::issue_iid\/)?ai\/\w+$/;

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0] ?? '';
}

export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}

export function isProtectedPath(request: FastifyRequest): boolean {
  return request.method === 'POST' && PROTECTED_PATHS.has(routeOf(request));
}

export function isNoteCreation(request: FastifyRequest): boolean {
  return request.method === 'POST' && routeOf(request).startsWith('/api/v4/') && NOTE_CREATION.test(routeOf(request));
}

interface GraphqlRequest {
  query: string;
  variables: () => Record<string, unknown>;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The GraphQL document and its variables (GET query string or POST body), when the request is one. */
function graphqlRequest(request: FastifyRequest): GraphqlRequest | null {
  if (routeOf(request) !== GRAPHQL_PATH) return null;
  const source = asRecord(request.method === 'GET' ? request.query : request.body);
  if (typeof source.query !== 'string') return null;
  const raw = source.variables;
  return {
    query: source.query,
    variables: () => {
      if (typeof raw !== 'string') return asRecord(raw);
      try {
        return asRecord(JSON.parse(raw));
      } catch {
        return {};
      }
    },
  };
}

/**
 * A state-changing request, wherever its route lives: every POST, PUT, PATCH or DELETE (REST under
 * /api/v4, the web forms, the page-JSON writes) except a GraphQL POST that carries no mutation.
 */
export function isWrite(request: FastifyRequest): boolean {
  if (!WRITE_METHODS.has(request.method)) return false;
  if (routeOf(request) !== GRAPHQL_PATH) return true;
  const graphql = graphqlRequest(request);
  return graphql === null || MUTATION_KEYWORD.test(graphql.query);
}

function nonEmpty(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && value !== null && value !== '';
}

/**
 * A search: a non-empty `search` parameter under /api/v4, or a GraphQL `search`/`searchTerm`
 * argument given inline or through a non-empty variable.
 */
export function isSearch(request: FastifyRequest): boolean {
  if (routeOf(request).startsWith('/api/v4/')) return nonEmpty(asRecord(request.query).search);
  const graphql = graphqlRequest(request);
  if (!graphql?.query.includes('search')) return false;
  let variables: Record<string, unknown> | undefined;
  for (const match of graphql.query.matchAll(SEARCH_ARGUMENT)) {
    const variable = match[1];
    if (variable === undefined) return true;
    variables ??= graphql.variables();
    if (nonEmpty(variables[variable])) return true;
  }
  return false;
}

/** A list's CSV download (`…/-/issues.csv`, `merge_requests.csv`, `epics.csv`): every matching row, unpaged. */
const CSV_EXPORT = /\/-\/(?:issues|merge_requests|epics)\.csv$/;

/**
 * A read as costly as a search, counted in the search buckets: a search, or a CSV export, which
 * reads a whole filtered list (GitLab mails its export from a queue; Meridian streams it).
 */
export function isExpensiveRead(request: FastifyRequest): boolean {
  if (request.method === 'GET' && CSV_EXPORT.test(routeOf(request))) return true;
  return isSearch(request);
}

/** GitLab's emailed CSV export of an issue or merge request list (`modules/csv-exports`). */
const CSV_EXPORT_EMAIL = /\/-\/(?:issues|merge_requests)\/export_csv$/;

/** A request for an emailed export, counted in the per-user export limit. */
export function isExportRequest(request: FastifyRequest): boolean {
  return request.method === 'POST' && CSV_EXPORT_EMAIL.test(routeOf(request));
}

/** A request to an AI endpoint: the experimentation API, the documentation bot, or an issue AI action. */
export function isAiRequest(request: FastifyRequest): boolean {
  const route = routeOf(request);
  if (route.startsWith('/api/v4/ai/') || route.startsWith('/-/llm/')) return true;
  return request.method === 'POST' && ISSUE_AI_ACTION.test(route);
}
