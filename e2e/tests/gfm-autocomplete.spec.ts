import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { commentField } from './comment-field';
import { useIssueProject } from './issue-project';
import { screenshotPath, settledScreenshot } from './screenshots';

/**
 * GFM autocomplete in every Markdown field and references rendered as links with hover cards
 * (issue 12; IE §5, §9): 5 suggestions, the first highlighted, Tab selects, space does not.
 */
const project = useIssueProject(
  'gfm',
  ['Login page broken', 'Logout flaky', 'Secret plan', 'Lonely issue', 'Links here'],
  async ({ api, groupId, projectId }) => {
    const [frank] = (await api('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
    await api('POST', `/groups/${groupId}/members`, { user_id: frank?.id, access_level: 30 });
    await api('POST', `/projects/${projectId}/labels`, { name: 'bug', color: '#dd2b0e' });
    await api('POST', `/projects/${projectId}/labels`, { name: 'two words', color: '#1f75cb' });
    await api('PUT', `/projects/${projectId}/issues/3`, { confidential: true });
  },
);
const { issueUrl } = project;

test.use({ storageState: authFile('alice') });

const list = (page: Page) => page.getByTestId('gfm-autocomplete').getByRole('listbox');

test('the comment box suggests users, issues, labels and emoji; Tab and Enter insert, space and Escape do not', async ({
  page,
}) => {
  await page.goto(issueUrl(5));
  const field = await commentField(page);

  await field.pressSequentially('Ping @fra');
  await expect(list(page)).toHaveAttribute('aria-label', 'Users');
  const first = list(page).getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first).toContainText('@frank');
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await settledScreenshot(page, 'gfm-autocomplete-users');
  expect(await seriousViolations(page), 'the open autocomplete (axe)').toEqual([]);
  await field.press('Tab');
  await expect(field).toHaveValue('Ping @frank ');
  await expect(list(page)).toHaveCount(0);
  await expect(field).toBeFocused();

  // Issues: at most 5, first highlighted; arrows move, Enter inserts the reference.
  await field.pressSequentially('see #');
  await expect(list(page).getByRole('option')).toHaveCount(5);
  await field.pressSequentially('Lo');
  await expect(list(page).getByRole('option')).toHaveCount(3);
  await expect(list(page).getByRole('option').first()).toContainText('Lonely issue');
  await field.press('ArrowDown');
  await expect(list(page).getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(field).toHaveValue('Ping @frank see #2 ');

  // Labels with a space are quoted.
  await field.pressSequentially('~two');
  await expect(list(page).getByRole('option')).toHaveText(['two words']);
  await settledScreenshot(page, 'gfm-autocomplete-labels');
  await field.press('Tab');
  await expect(field).toHaveValue('Ping @frank see #2 ~"two words" ');

  // Emoji.
  await field.pressSequentially(':thumbs');
  await expect(list(page).getByRole('option').first()).toContainText(':thumbsup:');
  await field.press('Tab');
  await expect(field).toHaveValue('Ping @frank see #2 ~"two words" :thumbsup: ');

  // Space does not select: it ends the query and closes the list. Escape closes without inserting.
  await field.pressSequentially('@fra');
  await expect(list(page)).toBeVisible();
  await field.press('Space');
  await expect(list(page)).toHaveCount(0);
  await expect(field).toHaveValue('Ping @frank see #2 ~"two words" :thumbsup: @fra ');
  await field.pressSequentially('~bu');
  await expect(list(page)).toBeVisible();
  await field.press('Escape');
  await expect(list(page)).toHaveCount(0);
  await field.press('Tab'); // nothing to select: Tab leaves the field as usual
  await expect(field).toHaveValue('Ping @frank see #2 ~"two words" :thumbsup: @fra ~bu');
});

test('the description editor suggests too; a confidential issue suggests only confidential issues', async ({
  page,
}) => {
  await page.goto(issueUrl(3));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit title and description' });
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.fill('');
  await description.pressSequentially('Related: #');
  await expect(list(page).getByRole('option')).toHaveCount(1);
  await expect(list(page).getByRole('option')).toContainText('Secret plan');
  await settledScreenshot(page, 'gfm-autocomplete-description');
  await description.press('Tab');
  await expect(description).toHaveValue('Related: #3 ');
  await description.pressSequentially('%');
  await expect(list(page)).toHaveCount(0); // no milestones in this project: nothing to show
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('references render as links; hovering one shows its card', async ({ page }) => {
  await page.goto(issueUrl(4));
  const field = await commentField(page);
  await field.fill('Duplicate of #1, ask @frank, not #999');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const note = page.locator('[id^="note_"]').filter({ hasText: 'Duplicate of' }).last();
  const issueLink = note.locator('a.gfm-issue', { hasText: '#1' });
  await expect(issueLink).toHaveAttribute('href', `/${project.projectPath}/-/issues/1`);
  await expect(note.locator('a.gfm', { hasText: '#999' })).toHaveCount(0);
  await issueLink.hover();
  const card = page.getByTestId('reference-card');
  await expect(card).toContainText('Login page broken');
  await expect(card).toContainText('Open');
  await expect(card).toContainText(`${project.projectPath}#1`);
  await expect(issueLink).toHaveAttribute('aria-describedby', (await card.getAttribute('id')) ?? '');
  await page.screenshot({ path: screenshotPath('gfm-hover-card-issue') });
  await page.mouse.move(0, 0);
  await expect(card).toHaveCount(0);
  await note.locator('a.gfm-user', { hasText: '@frank' }).hover();
  await expect(card).toContainText('@frank');
  await page.screenshot({ path: screenshotPath('gfm-hover-card-user') });
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
});
