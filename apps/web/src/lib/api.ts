/** Thin fetch wrapper for the Meridian server: JSON, same-origin cookies, CSRF header, typed errors. */

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** An HTTP error carrying the status and GitLab's `message` / `error` text. */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

function messageFrom(status: number, body: unknown): { message: string; field?: string } {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const field = typeof record.field === 'string' ? record.field : undefined;
    for (const key of ['message', 'error'] as const) {
      const value = record[key];
      if (typeof value === 'string') return { message: value, field };
      if (value && typeof value === 'object') {
        const first = Object.entries(value as Record<string, unknown>)[0];
        if (first) return { message: `${first[0]} ${String(first[1])}`, field: field ?? first[0] };
      }
    }
  }
  if (status === 404) return { message: '404 Not Found' };
  return { message: `Request failed (${status})` };
}

/** Performs a request and returns the parsed JSON body (or null for 204) plus the response headers. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A FormData body (a file upload) goes as multipart/form-data, its boundary set by the browser.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const { message, field } = messageFrom(response.status, body);
    throw new ApiError(response.status, message, field);
  }
  return { data: body as T, headers: response.headers };
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await request<T>(path, { signal })).data;
}

export interface Page<T> {
  items: T[];
  total: number | null;
  page: number;
  totalPages: number | null;
  nextPage: number | null;
  prevPage: number | null;
}

function intHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value === '') return null;
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : null;
}

/** GETs a paginated GitLab list and reads its X-Total / X-Next-Page headers. */
export async function apiList<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await request<T[]>(path, { signal });
  const items = Array.isArray(data) ? data : [];
  return {
    items,
    total: intHeader(headers, 'X-Total'),
    page: intHeader(headers, 'X-Page') ?? 1,
    totalPages: intHeader(headers, 'X-Total-Pages'),
    nextPage: intHeader(headers, 'X-Next-Page'),
    prevPage: intHeader(headers, 'X-Prev-Page'),
  };
}

/** Builds `/api/v4/<path>?<query>` leaving out empty values. */
export function apiPath(
  path: string,
  query: Record<string, string | number | boolean | undefined | null> = {},
): string {
  return withQuery(`/api/v4${path}`, query);
}

/** `path?query` without the empty values (any path: REST, page JSON, autocomplete). */
export function withQuery(
  path: string,
  query: Record<string, string | number | boolean | undefined | null> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** `:id` segment for a group or project full path (URL-encoded, as GitLab accepts). */
export function encodeId(fullPath: string): string {
  return encodeURIComponent(fullPath);
}
