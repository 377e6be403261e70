import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiClient } from './api-client';
import { buildSuggestionWorld, type SuggestionWorld } from './suggestion-world';
import { type TestAppHandle, useTestApp } from './use-test-app';

/** Who a suggestion request is sent as: a role of the suggestion world. */
export type SuggestionWho = keyof SuggestionWorld['tok'];

/** The file's test app over the suggestion world, with a client for the routes beside the pages. */
export interface SuggestionTestApp extends TestAppHandle<SuggestionWorld> {
  /** `GET url` (outside /api/v4) as `who`, anonymous when omitted. */
  get(url: string, who?: SuggestionWho): Promise<LightMyRequestResponse>;
  /** `GET url` as `who`, expecting 200: the JSON body. */
  ok<T = Array<Record<string, unknown>>>(url: string, who?: SuggestionWho): Promise<T>;
}

/** `useTestApp` seeded with `buildSuggestionWorld` before the file's own `beforeAll`. */
export function useSuggestionApp(): SuggestionTestApp {
  const t = useTestApp(buildSuggestionWorld);
  const api = apiClient(
    () => t.app,
    () => t.world.tok,
    '',
  );
  const get = (url: string, who?: SuggestionWho) => api('GET', url, who);
  const ok = async <T>(url: string, who?: SuggestionWho): Promise<T> => {
    const res = await get(url, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  return Object.assign(t, { get, ok });
}
