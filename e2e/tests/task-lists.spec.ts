import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** The description's task list (IE §2.5, §4 "Task conversion", §5): reorder, delete, convert to a child task, Undo. */
const DESCRIPTIONS: Record<string, string> = {
  'Drag me': '- [ ] first\n- [ ] second\n- [ ] third\n\nAfter the list.',
  'Keys me': '1. [ ] one\n2. [x] two\n3. [ ] three',
  'Delete me': '- [ ] keep\n- [ ] drop\n  - [ ] nested child\n\n```\n- [ ] not a task\n```',
  'Convert me': '- [ ] plain\n- [ ] Write the docs\n  with the details',
  'Race me': '- [ ] alpha\n- [ ] beta',
};
const project = useIssueProject('task-lists', Object.keys(DESCRIPTIONS), async ({ api, projectId, groupId }) => {
  for (const [i, description] of Object.values(DESCRIPTIONS).entries()) {
    await api('PUT', `/projects/${projectId}/issues/${i + 1}`, { description });
  }
  // The task inherits the parent's confidentiality and milestone (IE §3 "Work item payload for task conversion").
  const milestone = await api('POST', `/projects/${projectId}/milestones`, { title: 'v1' });
  await api('PUT', `/projects/${projectId}/issues/4`, { confidential: true, milestone_id: milestone.id });
  // frank is a Guest here: he reads the issue but may not update it.
  const [frank] = (await api('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
  await api('POST', `/groups/${groupId}/members`, { user_id: frank?.id, access_level: 10 });
});
const { issueUrl } = project;

test.use({ storageState: authFile('alice') });

const article = (page: Page) => page.locator('article');
/** The task items' names (their checkboxes' accessible names) in page order; the page's switches are not list items. */
const taskNames = (page: Page) =>
  article(page)
    .locator('li > input[type="checkbox"], li > p > input[type="checkbox"]')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')));
const descriptionOf = async (iid: number) =>
  (await project.api('GET', `/projects/${project.projectId}/issues/${iid}`)).description as string;

test('drags a task item to another place in its list; the order is saved', async ({ page }) => {
  await page.goto(issueUrl(1));
  await expect.poll(() => taskNames(page)).toEqual(['first', 'second', 'third']);
  const third = article(page).locator('li', { hasText: 'third' });
  await third.hover();
  const handle = page.getByRole('button', { name: 'Move third' });
  await expect(handle).toBeVisible();
  const from = await handle.boundingBox();
  const to = await article(page).locator('li', { hasText: 'first' }).boundingBox();
  if (!from || !to) throw new Error('no boxes');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 8 });
  await expect(article(page).locator('li[data-task-drop="before"]', { hasText: 'first' })).toBeVisible();
  await settledScreenshot(page, 'task-list-dragging');
  await page.mouse.up();
  await expect.poll(() => taskNames(page)).toEqual(['third', 'first', 'second']);
  expect(await descriptionOf(1)).toBe('- [ ] third\n- [ ] first\n- [ ] second\n\nAfter the list.');
  await page.reload();
  await expect.poll(() => taskNames(page)).toEqual(['third', 'first', 'second']);
});

test('Alt+ArrowUp/Down moves the focused item; an ordered list is numbered again', async ({ page }) => {
  await page.goto(issueUrl(2));
  const handle = page.getByRole('button', { name: 'Move one' });
  await handle.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => taskNames(page)).toEqual(['two', 'one', 'three']);
  // The moved item keeps the focus, so the next press moves it on.
  await expect(page.getByRole('button', { name: 'Move one' })).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => taskNames(page)).toEqual(['two', 'three', 'one']);
  await expect.poll(() => descriptionOf(2)).toBe('1. [x] two\n2. [ ] three\n3. [ ] one');
  // From a checkbox too.
  await article(page).getByRole('checkbox', { name: 'three' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => taskNames(page)).toEqual(['three', 'two', 'one']);
});

test('Delete removes the item; its nested items move up, code stays', async ({ page }) => {
  await page.goto(issueUrl(3));
  await article(page).locator('li', { hasText: 'drop' }).first().hover();
  await page.getByRole('button', { name: 'Actions for drop nested child' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Convert to child item', 'Delete']);
  await settledScreenshot(page, 'task-list-menu-issue');
  expect(await seriousViolations(page), 'the task item menu (axe)').toEqual([]);
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  await expect.poll(() => taskNames(page)).toEqual(['keep', 'nested child']);
  expect(await descriptionOf(3)).toBe('- [ ] keep\n- [ ] nested child\n\n```\n- [ ] not a task\n```');
});

test('a change made meanwhile by someone else: the conflict alert, then their version', async ({ page }) => {
  await page.goto(issueUrl(5));
  await expect.poll(() => taskNames(page)).toEqual(['alpha', 'beta']);
  // Someone saves the description just before our save reaches the server.
  let raced = false;
  await page.route('**/api/v4/projects/**/issues/5*', async (route) => {
    if (route.request().method() === 'PUT' && !raced) {
      raced = true;
      await project.api('PUT', `/projects/${project.projectId}/issues/5`, {
        description: '- [ ] alpha\n- [ ] beta\n- [ ] gamma',
      });
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Move beta' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('alert')).toHaveText(
    'Someone edited this issue at the same time you did. The description has been updated and you will need to make your changes again.',
  );
  await expect.poll(() => taskNames(page)).toEqual(['alpha', 'beta', 'gamma']);
  await settledScreenshot(page, 'task-list-conflict');
});

test('an epic’s task list: reorder and delete, without “Convert to child item” (a child task needs a project)', async ({
  page,
}) => {
  const epic = await project.api('POST', `/groups/${project.groupId}/epics`, {
    title: 'Epic with tasks',
    description: '- [ ] design\n- [ ] build',
  });
  await page.goto(`/groups/${project.groupPath}/-/epics/${epic.iid}`);
  await page.getByRole('button', { name: 'Move build' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => taskNames(page)).toEqual(['build', 'design']);
  await article(page).locator('li', { hasText: 'design' }).hover();
  await page.getByRole('button', { name: 'Actions for design' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Delete']);
  await settledScreenshot(page, 'task-list-menu-epic');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect.poll(() => taskNames(page)).toEqual(['build']);
  const saved = await project.api('GET', `/groups/${project.groupId}/epics/${epic.iid}`);
  expect(saved.description).toBe('- [ ] build');
});

test('a Guest sees the task items without handles or menus', async ({ browser }) => {
  const context = await browser.newContext({ storageState: authFile('frank') });
  const page = await context.newPage();
  await page.goto(issueUrl(1));
  await expect.poll(() => taskNames(page)).toHaveLength(3);
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await context.close();
});

test.describe('conversion to a child task', () => {
  test('converts an item, then Undo reverts it', async ({ page }) => {
    test.slow();
    await page.goto(issueUrl(4));
    await article(page).locator('li', { hasText: 'Write the docs' }).hover();
    await page.getByRole('button', { name: 'Actions for Write the docs with the details' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Convert to child item', 'Delete']);
    await page.getByRole('menuitem', { name: 'Convert to child item' }).click();
    await expect(page.getByText('Converted to task')).toBeVisible();
    const converted = await descriptionOf(4);
    // The line reads `#iid+`: GitLab's reference format that shows the task's title.
    const iid = Number(/^- \[ \] plain\n- \[ \] #(\d+)\+$/.exec(converted)?.[1]);
    expect(iid, converted).toBeGreaterThan(5);
    // The new task: its title and description from the item, a child of the issue.
    const task = await project.api('GET', `/projects/${project.projectId}/issues/${iid}`);
    expect(task).toMatchObject({
      title: 'Write the docs',
      description: 'with the details',
      issue_type: 'task',
      confidential: true,
      milestone: { title: 'v1' },
    });
    const children = await childrenOf(page, 4);
    expect(children).toEqual([{ iid: String(iid), title: 'Write the docs', type: 'Task' }]);
    await expect(article(page).getByRole('link', { name: `Write the docs (#${iid})`, exact: true })).toBeVisible();
    await settledScreenshot(page, 'task-list-converted');

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Task reverted')).toBeVisible();
    await expect.poll(() => descriptionOf(4)).toBe(DESCRIPTIONS['Convert me']);
    await expect.poll(() => taskNames(page)).toEqual(['plain', 'Write the docs with the details']);
    expect(await childrenOf(page, 4)).toEqual([]);
    const gone = await page.request.get(`/api/v4/projects/${project.projectId}/issues/${iid}`);
    expect(gone.status()).toBe(404);
  });
});

/** The issue's child work items, through GraphQL (the hierarchy widget). */
async function childrenOf(page: Page, iid: number) {
  const csrf = ((await (await page.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
  const res = await page.request.post('/api/graphql', {
    headers: { 'x-csrf-token': csrf },
    data: {
      query: `query($fullPath: ID!, $iid: String!) { namespace(fullPath: $fullPath) { workItem(iid: $iid) {
        widgets { ... on WorkItemWidgetHierarchy { children { nodes { iid title workItemType { name } } } } } } } }`,
      variables: { fullPath: project.projectPath, iid: String(iid) },
    },
  });
  const body = (await res.json()) as {
    data?: { namespace?: { workItem?: { widgets: Array<{ children?: { nodes: Array<Record<string, unknown>> } }> } } };
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  const widget = body.data?.namespace?.workItem?.widgets.find((w) => w.children);
  return (widget?.children?.nodes ?? []).map((node) => ({
    iid: node.iid,
    title: node.title,
    type: (node.workItemType as { name: string }).name,
  }));
}
