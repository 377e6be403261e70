import { expect, type Locator } from '@playwright/test';

/**
 * Types a search into an open sidebar picker and waits until its list shows that search's results
 * (the list is `aria-busy` while the search is debounced or loading), so a following click lands on
 * the row it names rather than on a list about to change under the pointer.
 */
export async function searchPicker(field: Locator, text: string) {
  await field.getByRole('searchbox').fill(text);
  await expect(field.locator('fieldset[aria-busy]').first()).toHaveAttribute('aria-busy', 'false');
}
