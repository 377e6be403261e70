import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { searchPicker } from './picker';
import { settledScreenshot } from './screenshots';

/** The issue page's sidebar (issue 11): every planning field edited in place, and the page's frame around it. */
const longDescription = Array.from({ length: 60 }, (_, n) => `Paragraph ${n + 1} of a long description.`).join('\n\n');
const project = useIssueProject('issue-sidebar', ['Plan me', 'Vanish', 'Time me', 'Epic me'], async (p) => {
  for (const [name, color] of [
    ['bug', '#dc143c'],
    ['workflow::todo', '#428bca'],
    ['workflow::doing', '#5cb85c'],
  ]) {
    await p.api('POST', `/projects/${p.projectId}/labels`, { name, color });
  }
  await p.api('POST', `/projects/${p.projectId}/milestones`, { title: 'Sidebar v1' });
  await p.api('POST', `/groups/${p.groupId}/iteration_cadences`, {
    title: 'Sidebar sprints',
    start_date: new Date().toISOString().slice(0, 10),
    duration_in_weeks: 2,
    iterations_in_advance: 2,
  });
  await p.api('POST', `/groups/${p.groupId}/epics`, { title: 'Sidebar epic' });
  await p.api('POST', `/projects/${p.projectId}/issues`, { title: 'Read me on a phone', description: longDescription });
});
const { issueUrl } = project;

test.use({ storageState: authFile('alice') });

function sidebarField(page: Page, name: string) {
  return page.getByRole('complementary', { name: 'Issue details' }).getByRole('region', { name, exact: true });
}

async function editField(page: Page, name: string) {
  const field = sidebarField(page, name);
  await field.getByRole('button', { name: `Edit ${name.toLowerCase()}` }).click();
  return field;
}

test('edits every planning field from the sidebar, and it all stays after a reload', async ({ page }) => {
  // Eleven fields, each opened, set and saved, then a reload: more than the default 30 s when loaded.
  test.setTimeout(90_000);
  await page.goto(issueUrl(1));
  let field = await editField(page, 'Assignees');
  await searchPicker(field, 'alice');
  await field.getByRole('checkbox', { name: /Alice Anderson/ }).check();
  await settledScreenshot(page, 'issue-sidebar-assignees');
  expect(await seriousViolations(page), 'the sidebar picker (axe)').toEqual([]);
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByText('Alice Anderson')).toBeVisible();

  field = await editField(page, 'Labels');
  await field.getByRole('checkbox', { name: 'workflow::todo' }).check();
  await field.getByRole('checkbox', { name: 'workflow::doing' }).check();
  // One label per scope (IE §4): choosing doing drops todo.
  await expect(field.getByRole('checkbox', { name: 'workflow::todo' })).not.toBeChecked();
  await field.getByRole('checkbox', { name: 'bug' }).check();
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByTestId('label')).toHaveText(['bug', 'workflow::doing']);

  field = await editField(page, 'Milestone');
  // A single choice saves and closes the picker at once.
  await field.getByRole('radio', { name: 'Sidebar v1' }).click();
  await expect(field.getByText('Sidebar v1')).toBeVisible();

  field = await editField(page, 'Iteration');
  await field.getByRole('group', { name: 'Sidebar sprints' }).getByRole('radio').first().click();
  await expect(field.getByRole('button', { name: 'Edit iteration' })).toBeVisible();
  await expect(field.getByText('None')).toHaveCount(0);

  field = await editField(page, 'Weight');
  await field.getByRole('spinbutton', { name: 'Weight' }).fill('3');
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByText('3', { exact: true })).toBeVisible();

  field = await editField(page, 'Due date');
  const tomorrow = new Date(Date.now() + 86_400_000);
  const ymd = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await field.locator('input[type="date"]').fill(ymd);
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByText('Tomorrow')).toBeVisible();

  // The start date, not after the due date: a later one is refused and rolled back with the server's reason.
  field = await editField(page, 'Start date');
  const inAWeek = new Date(Date.now() + 8 * 86_400_000);
  await field
    .locator('input[type="date"]')
    .fill(
      `${inAWeek.getFullYear()}-${String(inAWeek.getMonth() + 1).padStart(2, '0')}-${String(inAWeek.getDate()).padStart(2, '0')}`,
    );
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/start_date must be on or before the due date/)).toBeVisible();
  await expect(sidebarField(page, 'Start date').getByText('None')).toBeVisible();
  field = await editField(page, 'Start date');
  await field.locator('input[type="date"]').fill(ymd);
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByText('Tomorrow')).toBeVisible();

  field = await editField(page, 'Health status');
  await field.getByRole('radio', { name: 'At risk' }).click();
  await expect(field.getByText('At risk')).toBeVisible();

  field = await editField(page, 'Confidentiality');
  await expect(field.getByText(/You're about to turn on the confidentiality/)).toBeVisible();
  await field.getByRole('button', { name: 'Turn on' }).click();
  await expect(field.getByText('This issue is confidential')).toBeVisible();
  await settledScreenshot(page, 'issue-sidebar-edited');
  // One issue's saves go one after another: the reload waits for the last to reach the server.
  await expect(page.getByRole('complementary', { name: 'Issue details' })).toHaveAttribute('aria-busy', 'false');

  await page.reload();
  await expect(sidebarField(page, 'Assignees').getByText('Alice Anderson')).toBeVisible();
  await expect(sidebarField(page, 'Labels').getByTestId('label')).toHaveCount(2);
  await expect(sidebarField(page, 'Milestone').getByText('Sidebar v1')).toBeVisible();
  await expect(sidebarField(page, 'Weight').getByText('3', { exact: true })).toBeVisible();
  await expect(sidebarField(page, 'Due date').getByText('Tomorrow')).toBeVisible();
  await expect(sidebarField(page, 'Start date').getByText('Tomorrow')).toBeVisible();
  await expect(sidebarField(page, 'Health status').getByText('At risk')).toBeVisible();
  await expect(page.locator('header').getByText('Confidential', { exact: true })).toBeVisible();
  await expect(sidebarField(page, 'Iteration').getByText('None')).toHaveCount(0);

  field = await editField(page, 'Weight');
  await field.getByRole('button', { name: 'Remove weight' }).click();
  await expect(field.getByText('None')).toBeVisible();
});

test('a sidebar edit the server refuses is rolled back with the error', async ({ page }) => {
  await page.goto(issueUrl(2));
  await expect(sidebarField(page, 'Weight').getByRole('button', { name: 'Edit weight' })).toBeVisible();
  // Someone deletes the issue while this page is open: the next edit fails for real.
  await project.api('DELETE', `/projects/${project.projectId}/issues/2`);
  const field = await editField(page, 'Weight');
  await field.getByRole('spinbutton', { name: 'Weight' }).fill('5');
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByRole('alert')).toHaveText(/^Error updating issue\. /);
  await expect(field.getByText('None')).toBeVisible();
});

test('labels: creates a project label from the dropdown, selected at once', async ({ page }) => {
  await page.goto(issueUrl(3));
  const field = await editField(page, 'Labels');
  await field.getByRole('button', { name: 'Create project label' }).click();
  const form = field.getByRole('form', { name: 'Create project label' });
  await form.getByRole('textbox', { name: 'Label name' }).fill('needs design');
  await form.getByRole('button', { name: 'Colour #9400d3' }).click();
  await expect(form.getByRole('textbox', { name: 'Label colour' })).toHaveValue('#9400d3');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(field.getByRole('checkbox', { name: 'needs design' })).toBeChecked();
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByTestId('label')).toHaveText(['needs design']);
  await page.reload();
  await expect(sidebarField(page, 'Labels').getByTestId('label')).toHaveText(['needs design']);
});

test('labels: a label the server will not create says so and keeps the form', async ({ page }) => {
  await page.goto(issueUrl(3));
  const field = await editField(page, 'Labels');
  await field.getByRole('button', { name: 'Create project label' }).click();
  const form = field.getByRole('form', { name: 'Create project label' });
  // 'bug' exists already: the server refuses a second one.
  await form.getByRole('textbox', { name: 'Label name' }).fill('bug');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('alert')).toHaveText('Error creating label.');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(field.getByRole('checkbox', { name: 'bug' })).toBeVisible();
});

test('epic: assigns the issue to an epic of its group, links it, and removes it', async ({ page }) => {
  await page.goto(issueUrl(4));
  let field = await editField(page, 'Epic');
  await searchPicker(field, 'Sidebar');
  await field.getByRole('radio', { name: /Sidebar epic/ }).click();
  await expect(field.getByRole('link', { name: 'Sidebar epic' })).toHaveAttribute('href', /\/-\/epics\/\d+$/);
  await page.reload();
  field = sidebarField(page, 'Epic');
  await expect(field.getByRole('link', { name: 'Sidebar epic' })).toBeVisible();
  field = await editField(page, 'Epic');
  await field.getByRole('radio', { name: 'No epic' }).click();
  await expect(field.getByText('None')).toBeVisible();
});

test('time tracking: sets an estimate, logs time spent with a summary, removes the estimate', async ({ page }) => {
  await page.goto(issueUrl(3));
  let field = await editField(page, 'Time tracking');
  await field.getByRole('textbox', { name: 'Set estimate' }).fill('3h 30m');
  await field.getByRole('button', { name: 'Set estimate' }).click();
  await expect(field.getByText('Spent 0h / Estimate 3h 30m')).toBeVisible();
  field = await editField(page, 'Time tracking');
  await field.getByRole('textbox', { name: 'Add time spent' }).fill('1h');
  await field.getByRole('textbox', { name: 'Summary' }).fill('Investigation');
  await field.getByRole('button', { name: 'Add time spent' }).click();
  await expect(field.getByText('Spent 1h / Estimate 3h 30m')).toBeVisible();
  await expect(field.getByRole('progressbar', { name: 'Time spent of the estimate' })).toBeVisible();
  field = await editField(page, 'Time tracking');
  await field.getByRole('textbox', { name: 'Add time spent' }).fill('soon');
  await field.getByRole('button', { name: 'Add time spent' }).click();
  await expect(field.getByRole('alert')).toHaveText(/^Error updating issue\. /);
  await field.getByRole('button', { name: 'Remove estimate' }).click();
  await expect(field.getByText('Spent 1h', { exact: true })).toBeVisible();
  await page.reload();
  await expect(sidebarField(page, 'Time tracking').getByText('Spent 1h', { exact: true })).toBeVisible();
});

test('the sidebar copies the full reference', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(issueUrl(4));
  await page
    .getByRole('complementary', { name: 'Issue details' })
    .getByRole('button', { name: 'Copy reference' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Reference copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${project.projectPath}#4`);
});

test('a long issue keeps its title in a sticky header that leads back to the top', async ({ page }) => {
  await page.goto(issueUrl(5));
  await expect(page.getByRole('heading', { level: 1, name: 'Read me on a phone' })).toBeVisible();
  await expect(page.getByTestId('sticky-header')).toHaveCount(0);
  await page.mouse.wheel(0, 3000);
  const sticky = page.getByTestId('sticky-header');
  await expect(sticky.getByRole('link', { name: 'Read me on a phone' })).toBeVisible();
  await expect(sticky.getByText('Open', { exact: true })).toBeVisible();
  await settledScreenshot(page, 'issue-sticky-header');
  await sticky.getByRole('link', { name: 'Read me on a phone' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('sticky-header')).toHaveCount(0);
});

test('on a small screen the sidebar folds away behind Expand sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 860 });
  await page.goto(issueUrl(5));
  const details = page.getByRole('complementary', { name: 'Issue details' });
  await expect(details).toBeHidden();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(details).toBeVisible();
  await expect(details.getByRole('region', { name: 'Assignees', exact: true })).toBeVisible();
  await settledScreenshot(page, 'issue-small-screen-sidebar');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(details).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 860 });
  await expect(details).toBeVisible();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeHidden();
});

test('the New issue form plans the issue before it exists: labels, milestone, epic, weight', async ({ page }) => {
  await page.goto(`/${project.projectPath}/-/issues/new`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Planned from the start');
  const planning = page.getByRole('group', { name: 'Planning' });
  let field = planning.getByRole('region', { name: 'Labels', exact: true });
  await field.getByRole('button', { name: 'Edit labels' }).click();
  await field.getByRole('checkbox', { name: 'bug' }).check();
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByText('bug')).toBeVisible();
  field = planning.getByRole('region', { name: 'Milestone', exact: true });
  await field.getByRole('button', { name: 'Edit milestone' }).click();
  await field.getByRole('radio', { name: 'Sidebar v1' }).click();
  field = planning.getByRole('region', { name: 'Epic', exact: true });
  await field.getByRole('button', { name: 'Edit epic' }).click();
  await field.getByRole('radio', { name: /Sidebar epic/ }).click();
  field = planning.getByRole('region', { name: 'Weight', exact: true });
  await field.getByRole('button', { name: 'Edit weight' }).click();
  await field.getByRole('spinbutton', { name: 'Weight' }).fill('2');
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByText('2', { exact: true })).toBeVisible();
  // Applying a value submits its own small form only: the page stays, with what was typed.
  await expect(page).toHaveURL(new RegExp(`/${project.projectPath}/-/issues/new$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Planned from the start');
  await settledScreenshot(page, 'new-issue-planning');
  expect(await seriousViolations(page), 'the New issue planning fields (axe)').toEqual([]);
  await page.getByRole('button', { name: 'Create issue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Planned from the start' })).toBeVisible();
  await expect(sidebarField(page, 'Labels').getByTestId('label')).toHaveText(['bug']);
  await expect(sidebarField(page, 'Milestone').getByText('Sidebar v1')).toBeVisible();
  await expect(sidebarField(page, 'Epic').getByRole('link', { name: 'Sidebar epic' })).toBeVisible();
  await expect(sidebarField(page, 'Weight').getByText('2', { exact: true })).toBeVisible();
});
