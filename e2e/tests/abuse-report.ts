import { expect, type Page } from '@playwright/test';

/** Picks `reason` in the open Report abuse drawer and sends the report. */
export async function sendAbuseReport(page: Page, reason: string) {
  const drawer = page.getByRole('dialog', { name: 'Report abuse to administrator' });
  await expect(drawer).toBeVisible();
  await drawer.getByText(reason).click();
  await drawer.getByRole('button', { name: 'Next' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText('Thank you for your report. An administrator will look into it shortly.')).toBeVisible();
}
