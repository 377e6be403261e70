import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * Work items (issue 13): a task created from /-/work_items/new under an issue, shown at
 * /-/work_items/:iid with its type and parent, listed by its parent issue, then deleted.
 */
const project = useIssueProject('work-items', ['Ship the importer']);
const { projectPath, issueUrl } = project;

test.use({ storageState: authFile('alice') });

test('creates a task under an issue, shows it, lists it on the issue, deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 960 });
  await page.goto(`/${projectPath}/-/work_items/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New work item' })).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
  await page.getByLabel('Type').selectOption('Task');
  await page.getByLabel('Title').fill('Write the importer tests');
  await page.getByLabel('Description').fill('Cover the **CSV** and JSON paths.');
  await page.getByLabel(/^Parent/).fill('#1');
  await settledScreenshot(page, 'work-item-new');
  await page.getByRole('button', { name: 'Create task' }).click();

  await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/work_items/2$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Write the importer tests' })).toBeVisible();
  await expect(page.locator('header').getByText('Task', { exact: true })).toBeVisible();
  const parent = page.getByRole('link', { name: /#1 Ship the importer/ });
  await expect(parent).toBeVisible();
  // The header's state action names the type, as GitLab's 'Close %{issueType}' does.
  await expect(page.getByRole('button', { name: 'Close task', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close issue' })).toHaveCount(0);
  await expect(page.getByText(/^Task created .* by Alice Anderson$/)).toBeVisible();
  await settledScreenshot(page, 'work-item-task');

  await parent.click();
  await expect(page).toHaveURL(new RegExp(`${issueUrl(1)}$`));
  const children = page.getByRole('list', { name: /Child items/ });
  await expect(children.getByRole('link', { name: 'Write the importer tests' })).toBeVisible();
  await expect(children.getByRole('img', { name: 'Task' })).toBeVisible();
  await settledScreenshot(page, 'work-item-parent-children');
  // The parent's activity notes the child with a link to it, as GitLab's does, and its hover card.
  const added = page.locator('[id^="note_"]').filter({ hasText: 'added #2 as child task' });
  const childLink = added.locator('a.gfm-issue', { hasText: '#2' });
  await expect(childLink).toHaveAttribute('href', `/${projectPath}/-/issues/2`);
  await childLink.hover();
  await expect(page.getByTestId('reference-card')).toContainText('Write the importer tests');
  await expect(page.getByTestId('reference-card')).toContainText('Task · created');
  await settledScreenshot(page, 'work-item-parent-system-note-link');
  await page.mouse.move(0, 0);

  // Delete the task (alice is Owner: deleteWorkItem) and the parent no longer lists it.
  await page.goto(`/${projectPath}/-/work_items/2`);
  await page.getByRole('button', { name: 'Issue actions' }).click();
  // The menu and its confirmation name the type (IE §2.1: '{type} will be removed! Are you sure?').
  await expect(page.getByRole('menuitem', { name: 'Delete issue', exact: true })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Delete task', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete task?', exact: true });
  await expect(confirm.getByText('Task will be removed! Are you sure?', { exact: true })).toBeVisible();
  await settledScreenshot(page, 'work-item-delete-task');
  await confirm.getByRole('button', { name: 'Delete task', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/issues$`));
  await page.goto(issueUrl(1));
  await expect(page.getByRole('heading', { level: 1, name: 'Ship the importer' })).toBeVisible();
  await expect(page.getByRole('list', { name: /Child items/ })).toHaveCount(0);
});

const ordering = useIssueProject('work-item-order', ['Order the tasks']);

/** GraphQL as the page's signed-in user; the data, or a failed test. */
async function graphqlAs(page: Page, query: string, variables: Record<string, unknown>) {
  const csrf = ((await (await page.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
  const res = await page.request.post('/api/graphql', {
    headers: { 'x-csrf-token': csrf },
    data: { query, variables },
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

test('moves a child task up and down with its buttons; the order is saved', async ({ page }) => {
  test.setTimeout(120_000);
  const parent = (await graphqlAs(page, 'query($p: ID!) { namespace(fullPath: $p) { workItem(iid: "1") { id } } }', {
    p: ordering.projectPath,
  })) as { namespace: { workItem: { id: string } } };
  for (const title of ['Alpha step', 'Beta step', 'Gamma step']) {
    await graphqlAs(page, 'mutation($input: WorkItemCreateInput!) { createWorkItem(input: $input) { errors } }', {
      input: {
        title,
        workItemTypeId: 'gid://gitlab/WorkItems::Type/5',
        projectPath: ordering.projectPath,
        hierarchyWidget: { parentId: parent.namespace.workItem.id },
      },
    });
  }
  await page.goto(ordering.issueUrl(1));
  const children = page.getByRole('list', { name: /Child items/ });
  const order = () => children.getByRole('listitem').getByRole('link').allTextContents();
  await expect.poll(order).toEqual(['Alpha step', 'Beta step', 'Gamma step']);
  await expect(children.getByRole('button', { name: 'Move Alpha step up', exact: true })).toBeDisabled();
  await children.getByRole('button', { name: 'Move Gamma step up', exact: true }).click();
  await expect.poll(order).toEqual(['Alpha step', 'Gamma step', 'Beta step']);
  // Keyboard: focus a move button and press Enter.
  const down = children.getByRole('button', { name: 'Move Alpha step down', exact: true });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect.poll(order).toEqual(['Gamma step', 'Alpha step', 'Beta step']);
  await settledScreenshot(page, 'work-item-children-reordered');
  await page.reload();
  await expect.poll(order).toEqual(['Gamma step', 'Alpha step', 'Beta step']);
});
