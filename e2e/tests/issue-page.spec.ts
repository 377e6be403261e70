import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';

/**
 * The issue page as a workbench (issue 11): close and reopen, the blocked-close check, the actions
 * menu, the sidebar, linked items and creating issues. The edit form is in issue-edit.spec.ts.
 */
const project = useIssueProject(
  'issue-page',
  ['Edit me', 'Race me', 'Close me', 'Blocked one', 'The blocker', 'Promote me', 'Delete me'],
  async ({ api, projectId }) => {
    await api('POST', `/projects/${projectId}/issues/4/links`, {
      issuable_references: ['#5'],
      link_type: 'is_blocked_by',
    });
  },
);
const { groupPath, projectPath, issueUrl } = project;
const api: SessionApi = (...args) => project.api(...args);

test.use({ storageState: authFile('alice') });

test('closes and reopens an issue', async ({ page }) => {
  await page.goto(issueUrl(3));
  await page.getByRole('button', { name: 'Close issue' }).click();
  await expect(page.getByRole('button', { name: 'Reopen issue' })).toBeVisible();
  await expect(page.locator('header').getByText('Closed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reopen issue' }).click();
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
  await expect(page.locator('header').getByText('Open', { exact: true })).toBeVisible();
  // Beyond GitLab: Undo from the toast reopens it.
  await page.getByRole('button', { name: 'Close issue' }).click();
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
});

test('closing a blocked issue asks first, listing its blockers', async ({ page }) => {
  await page.goto(issueUrl(4));
  await page.getByRole('button', { name: 'Close issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to close this blocked issue?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('The blocker')).toBeVisible();
  await settledScreenshot(page, 'issue-close-blocked');
  expect(await seriousViolations(page), 'the blocked-close dialog (axe)').toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
  await page.getByRole('button', { name: 'Close issue' }).click();
  await dialog.getByRole('button', { name: 'Yes, close issue' }).click();
  await expect(page.getByRole('button', { name: 'Reopen issue' })).toBeVisible();
});

async function openActions(page: Page) {
  await page.getByRole('button', { name: 'Issue actions' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('the actions menu: notifications, lock, copy reference, then promote to epic', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(issueUrl(6));
  // The author is a participant, so notifications start on.
  let menu = await openActions(page);
  await settledScreenshot(page, 'issue-actions-menu');
  expect(await seriousViolations(page), 'the issue actions menu (axe)').toEqual([]);
  await menu.getByRole('menuitem', { name: 'Turn off notifications' }).click();
  await expect(toast(page, 'Notifications turned off.')).toBeVisible();
  menu = await openActions(page);
  await expect(menu.getByRole('menuitem', { name: 'Turn on notifications' })).toBeVisible();

  await menu.getByRole('menuitem', { name: 'Lock discussion' }).click();
  await expect(toast(page, 'Discussion locked.')).toBeVisible();
  await expect(
    page.getByText('The discussion in this issue is locked. Only project members can comment.'),
  ).toBeVisible();
  await expect(page.locator('header').getByText('Locked', { exact: true })).toBeVisible();
  await settledScreenshot(page, 'issue-locked');
  menu = await openActions(page);
  await menu.getByRole('menuitem', { name: 'Unlock discussion' }).click();
  await expect(toast(page, 'Discussion unlocked.')).toBeVisible();
  await expect(page.getByText('Only project members can comment.')).toHaveCount(0);

  menu = await openActions(page);
  await menu.getByRole('menuitem', { name: 'Copy reference' }).click();
  await expect(toast(page, 'Reference copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${projectPath}#6`);

  menu = await openActions(page);
  await menu.getByRole('menuitem', { name: 'Promote to epic' }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${groupPath}/-/epics/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Promote me' })).toBeVisible();
  await page.goto(issueUrl(6));
  await expect(page.locator('header').getByText('Closed', { exact: true })).toBeVisible();
  // The closed issue links the epic it became (IE §2.1 closed-as link).
  await page.locator('header').getByRole('link', { name: 'promoted' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promote me' })).toBeVisible();
});

test('deletes an issue after the confirmation', async ({ page }) => {
  await page.goto(issueUrl(7));
  const menu = await openActions(page);
  await menu.getByRole('menuitem', { name: 'Delete issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete issue?' });
  await expect(dialog.getByText('Issue will be removed! Are you sure?')).toBeVisible();
  await settledScreenshot(page, 'issue-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await (await openActions(page)).getByRole('menuitem', { name: 'Delete issue' }).click();
  await page.getByRole('dialog', { name: 'Delete issue?' }).getByRole('button', { name: 'Delete issue' }).click();
  await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/issues$`));
  await expect(toast(page, 'The issue was deleted.')).toBeVisible();
  const gone = await page.request.get(`/api/v4/projects/${encodeURIComponent(projectPath)}/issues/7`);
  expect(gone.status()).toBe(404);
});

test('creates an issue from the list, with a template, and a related one from the actions menu', async ({ page }) => {
  await api('POST', `/projects/${encodeURIComponent(projectPath)}/templates/issues`, {
    name: 'Bug report',
    content: '## Steps to reproduce',
  });
  await page.goto(`/${projectPath}/-/issues`);
  // IE §9: `i` opens a new issue on a project's pages.
  await page.getByRole('heading', { level: 1, name: 'Issues' }).click();
  await page.keyboard.press('i');
  await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/issues/new$`));
  await page.goBack();
  await page.getByRole('link', { name: 'New issue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New issue' })).toBeVisible();
  await page.getByLabel('Title').fill('Made in the browser');
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.fill('My own words');
  await page.getByLabel('Description template').selectOption('Bug report');
  await expect(
    page.getByText('Applying a template will replace the existing content. Any changes you have made will be lost.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Apply template' }).click();
  await expect(description).toHaveValue('## Steps to reproduce');
  await settledScreenshot(page, 'issue-new');
  expect(await seriousViolations(page), 'the new issue form (axe)').toEqual([]);
  await page.getByRole('button', { name: 'Create issue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Made in the browser' })).toBeVisible();
  await expect(page.locator('article h2', { hasText: 'Steps to reproduce' })).toBeVisible();

  await page.goto(issueUrl(2));
  await (await openActions(page)).getByRole('menuitem', { name: 'New related issue' }).click();
  await expect(page.getByText('The new issue will be related to #2.')).toBeVisible();
  await page.getByLabel('Title').fill('Follow-up of #2');
  await page.getByRole('button', { name: 'Create issue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Follow-up of #2' })).toBeVisible();
  const iid = Number(page.url().split('/').pop());
  const links = await api('GET', `/projects/${encodeURIComponent(projectPath)}/issues/${iid}/links`);
  expect((links as unknown as Array<{ iid: number; link_type: string }>).map((l) => [l.iid, l.link_type])).toEqual([
    [2, 'relates_to'],
  ]);
});

test('links issues by reference, grouped by link type, and removes a link', async ({ page }) => {
  await page.goto(issueUrl(3));
  const section = page.getByRole('region', { name: /^Linked items/ });
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  const form = section.getByRole('form', { name: 'Add linked issues' });
  await form.getByRole('radio', { name: 'blocks' }).check();
  // Several at once, split on white space, duplicates ignored (IE §5).
  await form.getByLabel('the following issues').fill('#1  #2 #1');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(section.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await settledScreenshot(page, 'issue-linked-items');
  // As GitLab: the activity notes each link, naming the other issue by a link to it.
  const noted = page.locator('[id^="note_"]').filter({ hasText: 'marked this issue as blocking #1' });
  await expect(noted.locator('a.gfm-issue', { hasText: '#1' })).toHaveAttribute('href', /\/-\/issues\/1$/);
  await expect(page.locator('[id^="note_"]').filter({ hasText: 'marked this issue as blocking #2' })).toHaveCount(1);
  await settledScreenshot(page, 'issue-linked-items-activity');
  await section.getByRole('button', { name: 'Remove #2' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await section.getByRole('button', { name: 'Remove #2' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  await section.getByLabel('the following issues').fill('#999');
  await section
    .getByRole('form', { name: 'Add linked issues' })
    .getByRole('button', { name: 'Add', exact: true })
    .click();
  await expect(
    section.getByText('No matching issue found. Make sure that you are adding a valid issue URL.'),
  ).toBeVisible();
});

test.describe('a reader who may not update the issue', () => {
  test.use({ storageState: authFile('frank') });

  test('sees no Edit or Close actions on a demo issue', async ({ page }) => {
    await page.goto('/acme/product/web-app/-/issues/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Close issue|Reopen issue/ })).toHaveCount(0);
    await expect(
      page.getByRole('complementary', { name: 'Issue details' }).getByRole('button', { name: /^Edit / }),
    ).toHaveCount(0);
    const menu = await openActions(page);
    await expect(menu.getByRole('menuitem', { name: 'Copy reference' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Promote|Lock|Delete/ })).toHaveCount(0);
  });
});

test("a Guest's first issue in the project carries the first-contribution mark", async ({ page, browser }) => {
  const [frank] = (await api('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
  await api('POST', `/projects/${project.projectId}/members`, { user_id: frank?.id, access_level: 10 });
  const frankPage = await browser.newPage({ storageState: authFile('frank') });
  const asFrank = await sessionApi(frankPage);
  const first = await asFrank('POST', `/projects/${project.projectId}/issues`, { title: 'My first report' });
  const second = await asFrank('POST', `/projects/${project.projectId}/issues`, { title: 'My second report' });
  await frankPage.close();
  await page.goto(issueUrl(first.iid as number));
  await expect(page.locator('header').getByText('1st contribution!')).toBeVisible();
  await page.goto(issueUrl(second.iid as number));
  await expect(page.getByRole('heading', { level: 1, name: 'My second report' })).toBeVisible();
  await expect(page.locator('header').getByText('1st contribution!')).toHaveCount(0);
});
