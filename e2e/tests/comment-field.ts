import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the comment box (its editor loads on first use) and answers its text field. */
export async function commentField(page: Page): Promise<Locator> {
  const field = page.getByRole('textbox', { name: 'Comment', exact: true });
  if (!(await field.isVisible()))
    await page.getByRole('button', { name: 'Write a comment or drag your files here…' }).click();
  await expect(field).toBeFocused();
  return field;
}
