import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** Keyboard shortcuts (IE §2.7, §6, §9; issue 12): the help dialog, go-to keys, issue keys, rebinding. */
const project = useIssueProject('shortcuts', ['Shortcut me', 'Second issue']);

test.use({ storageState: authFile('alice') });

/** The issue page, loaded, with focus on nothing in particular (keys go to the page). */
async function openIssue(page: Page, iid = 1) {
  await page.goto(project.issueUrl(iid));
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
}

const issueDetails = (page: Page) => page.getByRole('complementary', { name: 'Issue details' });

test('? opens the help dialog with the thirteen groups, searchable', async ({ page }) => {
  test.slow(); // axe over a dialog of some 90 rows takes a while on a busy machine
  await openIssue(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region')).toHaveCount(13);
  await expect(dialog.getByRole('region', { name: 'Epics, issues, and merge requests' })).toContainText(
    'Edit description',
  );
  await settledScreenshot(page, 'shortcuts-help-dialog');
  expect(await seriousViolations(page), 'the help dialog (axe)').toEqual([]);

  await dialog.getByLabel('Search keyboard shortcuts').fill('milestone');
  await expect(dialog.getByRole('region')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('g then i goes to the project issues; i opens a new issue', async ({ page }) => {
  await openIssue(page);
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(new RegExp(`/${project.projectPath}/-/issues$`));
  await expect(page.getByRole('link', { name: 'Second issue' })).toBeVisible();
  // `f` focuses the list's filter bar, `/` the top search; Escape leaves both.
  await page.keyboard.press('f');
  await expect(page.getByRole('combobox', { name: 'Search or filter results' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('/');
  await expect(page.locator('#top-search')).toBeFocused();
  await expect(page.locator('#top-search')).toHaveValue('');
  await page.keyboard.press('Escape');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(new RegExp(`/${project.projectPath}/-/issues/new$`));
  await expect(page.getByRole('heading', { level: 1, name: 'New issue' })).toBeVisible();
  // The New issue form focuses its title: the shortcut keys are typed there, not run.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+P');
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
});

test('e edits the issue, l opens the labels editor, and typing e in a field does nothing', async ({ page }) => {
  await openIssue(page);
  await page.keyboard.press('l');
  const labels = issueDetails(page).getByRole('region', { name: 'Labels' });
  await expect(labels.getByRole('button', { name: 'Apply' })).toBeVisible();
  // The editor's search field has focus: typing there is text, not shortcuts.
  await page.keyboard.press('e');
  await expect(page.getByRole('form', { name: 'Edit title and description' })).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  await page.locator('#top-search').fill('');
  await page.locator('#top-search').press('e');
  await expect(page.locator('#top-search')).toHaveValue('e');
  await expect(page.getByRole('form', { name: 'Edit title and description' })).toHaveCount(0);
  await page.locator('#top-search').press('Escape');

  await page.keyboard.press('e');
  const form = page.getByRole('form', { name: 'Edit title and description' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
});

test('a rebinding persists across a reload, and turned-off shortcuts do nothing', async ({ page }) => {
  await openIssue(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.getByRole('button', { name: 'Change keys for Edit description' }).click();
  const keys = dialog.getByLabel('Keys for Edit description');
  await keys.fill('l');
  await keys.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Already used by "Change label".');
  await keys.fill('shift+e');
  await keys.press('Enter');
  await expect(dialog.getByText('(customised)')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
  await page.keyboard.press('e');
  await page.waitForTimeout(300);
  await expect(page.getByRole('form', { name: 'Edit title and description' })).toHaveCount(0);
  await page.keyboard.press('Shift+E');
  await expect(page.getByRole('form', { name: 'Edit title and description' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Toggle shortcuts off: neither the rebinding nor `?` does anything until it is on again.
  await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).click();
  await dialog.getByRole('switch', { name: 'Toggle shortcuts' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('Shift+E');
  await page.keyboard.press('?');
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await page.waitForTimeout(500);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('form', { name: 'Edit title and description' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/-\/issues\/1$/);
});
