import { type Browser, expect, type Page } from '@playwright/test';
import { type SessionApi, sessionApi } from './session-api';

/**
 * A user of the spec's own, signed up (and so signed in) in a context of its own: reporting, banning
 * or blocking them leaves the demo users, and so the other specs' world, alone.
 */
export async function signUpFreshUser(
  browser: Browser,
  user: { username: string; name: string; password: string },
): Promise<Page> {
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const signUp = await page.request.post('/users/sign_up', {
    data: { username: user.username, name: user.name, email: `${user.username}@example.com`, password: user.password },
  });
  expect(signUp.status()).toBeLessThan(300);
  return page;
}

/** A fresh user (see `signUpFreshUser`) owning a public group `group.path` with a public project `shop`. */
export async function freshUserWithPublicProject(
  browser: Browser,
  user: { username: string; name: string; password: string },
  group: { name: string; path: string },
): Promise<{ page: Page; api: SessionApi; group: Record<string, unknown>; project: Record<string, unknown> }> {
  const page = await signUpFreshUser(browser, user);
  const api = await sessionApi(page);
  const created = await api('POST', '/groups', { name: group.name, path: group.path, visibility: 'public' });
  const project = await api('POST', '/projects', {
    name: 'shop',
    path: 'shop',
    namespace_id: created.id,
    visibility: 'public',
  });
  return { page, api, group: created, project };
}
