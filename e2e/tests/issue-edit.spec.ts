import { type Browser, expect, type Page, test } from '@playwright/test';
import { authFile, type E2eUser } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';
import type { SessionApi } from './session-api';

/** The issue edit form (IE §2.2, §4, §5): title, type, template, description, drafts and conflicts. */
const project = useIssueProject(
  'issue-edit',
  ['Edit me', 'Race me', 'Draft me', 'Type me', 'Template me'],
  async ({ api, projectId, groupId }) => {
    await api('POST', `/projects/${projectId}/issues`, { title: 'Already an incident', issue_type: 'incident' });
    await api('POST', `/projects/${projectId}/templates/issues`, {
      name: 'Bug report',
      content: '## Steps to reproduce',
    });
    await api('POST', `/groups/${groupId}/templates/issues`, { name: 'Incident review', content: '## Timeline' });
    // frank edits as a Planner: he may edit issues but not create incidents (Reporter and up).
    const [frank] = (await api('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
    await api('POST', `/groups/${groupId}/members`, { user_id: frank?.id, access_level: 15 });
  },
);
const { projectPath, issueUrl } = project;
const encodedProject = encodeURIComponent(projectPath);
const api: SessionApi = (...args) => project.api(...args);

test.use({ storageState: authFile('alice') });

async function openEditor(page: Page) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit title and description' });
  // The form's chunk loads on the first Edit: wait for it, so a save made "meanwhile" really is.
  await expect(form).toBeVisible();
  return form;
}

test('edits the title and description in place, with a server-rendered preview', async ({ page }) => {
  await page.goto(issueUrl(1));
  const form = await openEditor(page);
  const title = form.getByLabel('Title');
  await expect(title).toBeFocused();
  await title.fill('   ');
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await title.fill('Edited in place');
  const description = form.getByRole('textbox', { name: 'Description' });
  // The editing shortcuts and the toolbar (IE §9): mod+B wraps the selection, the checklist button prefixes the line.
  await description.fill('make this bold');
  await description.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(10, 14));
  await description.press('Control+b');
  await expect(description).toHaveValue('make this **bold**');
  await form.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Add a checklist' }).click();
  await expect(description).toHaveValue('- [ ] make this **bold**');
  await description.fill('A **bold** plan\n\n- [ ] first step\n\n<img src=x onerror=alert(1)>');
  await form.getByRole('tab', { name: 'Preview' }).click();
  await expect(form.locator('strong', { hasText: 'bold' })).toBeVisible();
  await expect(form.locator('img[onerror]')).toHaveCount(0);
  await settledScreenshot(page, 'issue-edit-preview');
  expect(await seriousViolations(page), 'the edit form (axe)').toEqual([]);
  await form.getByRole('tab', { name: 'Write' }).click();
  await description.press('Control+Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Edited in place' })).toBeVisible();
  await expect(page.locator('article strong', { hasText: 'bold' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edited in place' })).toBeVisible();
  await expect(page.locator('header').getByText('0 of 1 checklist items completed')).toBeVisible();
  // Ticking the task saves the description, and the completion text follows (IE §2.5).
  await page.locator('article').getByRole('checkbox', { name: 'first step' }).check();
  await expect(page.locator('header').getByText('1 of 1 checklist items completed')).toBeVisible();
  await page.reload();
  await expect(page.locator('article').getByRole('checkbox', { name: 'first step' })).toBeChecked();
});

test('what is typed survives a reload, and a draft older than the issue asks Keep or Discard', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(issueUrl(3));
  let form = await openEditor(page);
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.fill('Unsaved draft text');
  await page.reload();
  form = await openEditor(page);
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('Unsaved draft text');

  // Someone else saves meanwhile: the draft is now older than the issue.
  await api('PUT', `/projects/${encodedProject}/issues/3`, { description: 'Their newer text' });
  await page.reload();
  form = await openEditor(page);
  await expect(
    form.getByText(
      'The comment you are editing has been changed by another user. Would you like to keep your changes and overwrite the new description or discard your changes?',
    ),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('Their newer text');
  await form.getByRole('button', { name: 'Keep' }).click();
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('Unsaved draft text');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('article').getByText('Unsaved draft text')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('autosave/'))))
    .toEqual([]);
});

test('leaving the page with unsaved edits asks first', async ({ page }) => {
  await page.goto(issueUrl(3));
  const form = await openEditor(page);
  await form.getByLabel('Title').fill('Not yet saved');
  // The confirm blocks the click until it is answered, so answer it from the dialog handler.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Issues' }).click();
  await expect.poll(() => asked).toBe('Are you sure you want to lose your issue information?');
  await expect(page).toHaveURL(new RegExp(`${issueUrl(3)}$`));
  await expect(form.getByLabel('Title')).toHaveValue('Not yet saved');
});

test('changes the type to Incident, and back', async ({ page }) => {
  await page.goto(issueUrl(4));
  let form = await openEditor(page);
  const type = form.getByLabel('Issue Type');
  await expect(type).toHaveValue('issue');
  await type.selectOption('Incident');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('header').getByText('Incident', { exact: true })).toBeVisible();
  await expect.poll(async () => (await api('GET', `/projects/${encodedProject}/issues/4`)).issue_type).toBe('incident');
  await page.reload();
  form = await openEditor(page);
  await expect(form.getByLabel('Issue Type')).toHaveValue('incident');
  await form.getByLabel('Issue Type').selectOption('Issue');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('header').getByText('Incident', { exact: true })).toHaveCount(0);
  await expect.poll(async () => (await api('GET', `/projects/${encodedProject}/issues/4`)).issue_type).toBe('issue');
});

async function pageAs(browser: Browser, user: E2eUser, iid: number) {
  const context = await browser.newContext({ storageState: authFile(user) });
  const page = await context.newPage();
  await page.goto(issueUrl(iid));
  return { page, form: await openEditor(page) };
}

test('Incident is offered only to who may create incidents, or when the issue already is one', async ({
  browser,
  page,
}) => {
  // frank is a Planner here: he may edit, but incidents are Reporter and up (IE §2.2).
  let frank = await pageAs(browser, 'frank', 5);
  await expect(frank.form.getByLabel('Issue Type').locator('option')).toHaveText(['Issue']);
  await frank.page.context().close();
  frank = await pageAs(browser, 'frank', 6);
  await expect(frank.form.getByLabel('Issue Type')).toHaveValue('incident');
  await expect(frank.form.getByLabel('Issue Type').locator('option')).toHaveText(['Issue', 'Incident']);
  // The new issue page follows the same rule.
  await frank.page.goto(`/${projectPath}/-/issues/new`);
  await expect(frank.page.getByRole('heading', { level: 1, name: 'New issue' })).toBeVisible();
  await expect(frank.page.getByLabel('Type', { exact: true }).locator('option')).toHaveText(['Issue']);
  await frank.page.context().close();
  await page.goto(`/${projectPath}/-/issues/new`);
  await expect(page.getByLabel('Type', { exact: true }).locator('option')).toHaveText(['Issue', 'Incident']);
});

const OVERWRITE_WARNING =
  'Applying a template will replace the existing content. Any changes you have made will be lost.';

test('applies a template, warns before replacing changed text, and clears or resets it', async ({ page }) => {
  await page.goto(issueUrl(5));
  const form = await openEditor(page);
  const picker = form.getByLabel('Description template');
  const description = form.getByRole('textbox', { name: 'Description' });
  const warning = form.getByText(OVERWRITE_WARNING);
  // The project's own template, then the one the group passes down.
  await expect(picker.locator('optgroup[label="Project templates"] option')).toHaveText(['Bug report']);
  await expect(picker.locator('optgroup[label="Group templates"] option')).toHaveText(['Incident review']);
  await expect(picker.locator('option:checked')).toHaveText('Choose a template');

  // The issue's description is not a template: replacing it asks first, and Cancel keeps both as they were.
  await picker.selectOption('Bug report');
  await expect(warning).toBeVisible();
  await settledScreenshot(page, 'issue-edit-template');
  expect(await seriousViolations(page), 'the template warning (axe)').toEqual([]);
  await form.getByRole('status').filter({ hasText: OVERWRITE_WARNING }).getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await expect(description).toHaveValue('About **Template me**');
  await expect(picker.locator('option:checked')).toHaveText('Choose a template');
  await picker.selectOption('Bug report');
  await form.getByRole('button', { name: 'Apply template' }).click();
  await expect(description).toHaveValue('## Steps to reproduce');

  // Over the untouched template another one loads at once.
  await picker.selectOption('Incident review');
  await expect(warning).toHaveCount(0);
  await expect(description).toHaveValue('## Timeline');
  // Changed since: Reset template asks, then loads the template again.
  await description.fill('## Timeline\n\n10:02 paged');
  await form.getByRole('button', { name: 'Reset template' }).click();
  await expect(warning).toBeVisible();
  await form.getByRole('button', { name: 'Apply template' }).click();
  await expect(description).toHaveValue('## Timeline');
  // No template clears the untouched template's text.
  await picker.selectOption('No template');
  await expect(description).toHaveValue('');
  await expect(picker.locator('option:checked')).toHaveText('Choose a template');

  await picker.selectOption('Bug report');
  await expect(description).toHaveValue('## Steps to reproduce');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('article h2', { hasText: 'Steps to reproduce' })).toBeVisible();
});

async function editorIn(browser: Browser) {
  const context = await browser.newContext({ storageState: authFile('alice') });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto(issueUrl(2));
  return { page, form: await openEditor(page) };
}

const CONFLICT_TEXT =
  "Someone edited the issue at the same time you did. Review the issue and make sure you don't unintentionally overwrite their changes.";

test('two people editing at once: the later one reviews a side-by-side diff, merges and overwrites', async ({
  browser,
}) => {
  const first = await editorIn(browser);
  const second = await editorIn(browser);
  await first.form.getByLabel('Title').fill('Race me, first');
  await first.form.getByRole('textbox', { name: 'Description' }).fill('Shared intro\n\nFirst person wrote this');
  await first.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(first.page.getByRole('heading', { level: 1, name: 'Race me, first' })).toBeVisible();

  const description = second.form.getByRole('textbox', { name: 'Description' });
  await description.fill('Shared intro\n\nSecond person wrote this');
  await second.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(second.page.getByText(CONFLICT_TEXT)).toBeVisible();

  // Their version beside this one: the title and the description, the changed words marked.
  const review = second.form.getByRole('region', { name: 'Their version beside yours' });
  const titleDiff = review.getByRole('table', { name: 'Title' });
  await expect(titleDiff.locator('del')).toHaveText([', first']);
  const descriptionDiff = review.getByRole('table', { name: 'Description' });
  await expect(descriptionDiff.getByRole('columnheader')).toHaveText(['Their version', 'Your version']);
  await expect(descriptionDiff.getByRole('row', { name: /Shared intro/ })).toHaveCount(1);
  await expect(descriptionDiff.locator('del')).toHaveText(['First']);
  await expect(descriptionDiff.locator('ins')).toHaveText(['Second']);
  await settledScreenshot(second.page, 'issue-edit-conflict');
  expect(await seriousViolations(second.page), 'the conflict review (axe)').toEqual([]);

  // Take their words, add ours, and keep their title: the diff follows the text being edited.
  await review.getByRole('button', { name: 'Copy their description' }).click();
  const copied = await second.page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe('Shared intro\n\nFirst person wrote this');
  await description.fill(`${copied}\n\nSecond person wrote this`);
  await second.form.getByLabel('Title').fill('Race me, first');
  await expect(review.getByRole('table', { name: 'Title' })).toHaveCount(0);
  await expect(descriptionDiff.locator('del')).toHaveCount(0);
  await expect(descriptionDiff.locator('ins')).toHaveText(['Second person wrote this']);
  await second.form.getByRole('button', { name: 'Overwrite their changes' }).click();

  const merged = second.page.locator('article');
  await expect(second.page.getByRole('heading', { level: 1, name: 'Race me, first' })).toBeVisible();
  await expect(merged.getByText('First person wrote this')).toBeVisible();
  await expect(merged.getByText('Second person wrote this')).toBeVisible();
  await first.page.reload();
  await expect(first.page.locator('article').getByText('Second person wrote this')).toBeVisible();
  await first.page.context().close();
  await second.page.context().close();
});

test('after the review, Keep editing saves over their version with the next Save', async ({ browser }) => {
  const mine = await editorIn(browser);
  await api('PUT', `/projects/${encodedProject}/issues/2`, { description: 'Saved by someone else' });
  await mine.form.getByRole('textbox', { name: 'Description' }).fill('Mine, after all');
  await mine.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(mine.page.getByText(CONFLICT_TEXT)).toBeVisible();
  await mine.form.getByRole('button', { name: 'Keep editing' }).click();
  await expect(mine.page.getByText(CONFLICT_TEXT)).toHaveCount(0);
  await expect(mine.form.getByRole('region', { name: 'Their version beside yours' })).toHaveCount(0);
  await mine.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(mine.page.locator('article').getByText('Mine, after all')).toBeVisible();
  await mine.page.context().close();
});

test('an edit saved elsewhere while the form is open shows the warning before Save (IE §5, live polling)', async ({
  browser,
}) => {
  const mine = await editorIn(browser);
  await mine.form.getByRole('textbox', { name: 'Description' }).fill('Typed while they saved');
  await api('PUT', `/projects/${encodedProject}/issues/2`, { title: 'Renamed meanwhile' });
  // The page polls every 3 s: the warning and their version arrive without pressing Save.
  await expect(mine.page.getByText(CONFLICT_TEXT)).toBeVisible({ timeout: 8_000 });
  const review = mine.form.getByRole('region', { name: 'Their version beside yours' });
  await expect(review.getByRole('table', { name: 'Title' })).toContainText('Renamed meanwhile');
  await mine.form.getByRole('button', { name: 'Keep editing' }).click();
  await expect(mine.page.getByText(CONFLICT_TEXT)).toHaveCount(0);
  await mine.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(mine.page.locator('article').getByText('Typed while they saved')).toBeVisible();
  await mine.page.context().close();
});

test('a description holding a secret asks before it is saved (IE §2.6, §5)', async ({ page }) => {
  const token = `glpat-${'Ab3_x9Zq'.repeat(3).slice(0, 20)}`;
  await page.goto(issueUrl(1));
  const form = await openEditor(page);
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.fill(`Use this to deploy: ${token}`);
  await form.getByRole('button', { name: 'Save changes' }).click();
  const warning = page.getByRole('dialog', { name: 'Warning: Potential secret detected' });
  // Masked: the first 5 and last 4 characters, asterisks between.
  await expect(warning.getByText(`GitLab personal access token: ${token.slice(0, 5)}`)).toBeVisible();
  await expect(warning.getByText(token)).toHaveCount(0);
  await settledScreenshot(page, 'secret-warning');
  expect(await seriousViolations(page), 'the secret warning (axe)').toEqual([]);
  await warning.getByRole('button', { name: 'Edit description' }).click();
  await expect(warning).toBeHidden();
  // Back to the form, with what was typed.
  await expect(description).toHaveValue(`Use this to deploy: ${token}`);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await page
    .getByRole('dialog', { name: 'Warning: Potential secret detected' })
    .getByRole('button', { name: 'Add description' })
    .click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Use this to deploy: ${token}`)).toBeVisible();
});

test('the New issue form warns about a secret too, and creates the issue when told to', async ({ page }) => {
  await page.goto(`/${projectPath}/-/issues/new`);
  await page.getByRole('textbox', { name: 'Title' }).fill(`Runner glrt-${'x'.repeat(20)} leaked`);
  await page.getByRole('button', { name: 'Create issue' }).click();
  const warning = page.getByRole('dialog', { name: 'Warning: Potential secret detected' });
  await expect(warning.getByText(/^GitLab Runner Token: glrt-\*+xxxx$/)).toBeVisible();
  await warning.getByRole('button', { name: 'Add description' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Runner glrt-/ })).toBeVisible();
});
