import { type Browser, expect, type Page } from '@playwright/test';

/** The demo users the specs act as, and the passwords the e2e server was started with (playwright.config.ts). */
export const USERS = {
  alice: 'meridian-demo',
  frank: 'meridian-demo',
  root: 'e2e-root-password',
} as const;
export type E2eUser = keyof typeof USERS;

/**
 * Where `auth.setup.ts` saves each user's signed-in storage state: in the shard's results folder
 * (ignored), since each shard signs in to its own server.
 */
export const authFile = (user: E2eUser) => `${process.env.E2E_RESULTS ?? 'test-results'}/.auth/${user}.json`;

/** Signs in through the sign-in page, as a user would, and waits for the dashboard. */
export async function signInThroughForm(page: Page, user: E2eUser): Promise<void> {
  await page.goto('/users/sign_in');
  await page.getByLabel('Username or primary email').fill(user);
  await page.getByLabel('Password').fill(USERS[user]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
}

/** A page in a new context signed in as `user` through the saved storage state. */
export async function signedInPage(browser: Browser, user: E2eUser): Promise<Page> {
  const context = await browser.newContext({ storageState: authFile(user) });
  return context.newPage();
}
