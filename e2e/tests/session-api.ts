import { expect, type Page } from '@playwright/test';

export type SessionApi = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: object,
) => Promise<Record<string, unknown>>;

/**
 * The REST API as the page's signed-in user (session cookie and CSRF token), for setting up what a
 * spec needs: `await api('POST', '/projects', {…})` answers the parsed body; a failure fails the test.
 */
export async function sessionApi(page: Page): Promise<SessionApi> {
  const csrf = ((await (await page.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
  return async (method, path, data) => {
    const res = await page.request.fetch(`/api/v4${path}`, { method, headers: { 'x-csrf-token': csrf }, data });
    expect(res.status(), `${method} ${path}: ${(await res.text()).slice(0, 300)}`).toBeLessThan(300);
    return res.status() === 204 ? {} : ((await res.json()) as Record<string, unknown>);
  };
}
