import { expect, test } from '@playwright/test';
import { signInThroughForm } from './auth';

test('a demo user signs in, opens a group, a project issue list and an issue', async ({ page }) => {
  await page.goto('/users/sign_in');
  await expect(page.getByRole('heading', { name: 'Sign in to Meridian' })).toBeVisible();
  await signInThroughForm(page, 'alice');

  await page.goto('/acme');
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Platform/ }).first()).toBeVisible();

  await page.goto('/acme/product/web-app/-/issues');
  await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
  const firstIssue = page.locator('table a[href*="/-/issues/"]').first();
  await expect(firstIssue).toBeVisible();
  const title = (await firstIssue.textContent())?.trim() ?? '';
  expect(title.length).toBeGreaterThan(0);
  await firstIssue.click();
  await expect(page).toHaveURL(/\/acme\/product\/web-app\/-\/issues\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('an anonymous visitor sees a public group but not a private one', async ({ page }) => {
  await page.goto('/acme');
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();

  await page.goto('/skunkworks');
  await expect(page.getByRole('heading', { level: 1, name: /Skunkworks/i })).toHaveCount(0);
  await expect(page.getByText(/not found|404/i).first()).toBeVisible();

  const api = await page.request.get('/api/v4/groups/skunkworks');
  expect(api.status()).toBe(404);
});
