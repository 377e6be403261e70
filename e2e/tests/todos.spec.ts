import { expect, test } from '@playwright/test';
import { signedInPage } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** Issue 12: a mention makes a to-do item; the To-Do List marks it done and undoes that. */
const project = useIssueProject('todos', ['Needs review', 'Second look'], async ({ api, groupId }) => {
  const [frank] = (await api('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
  await api('POST', `/groups/${groupId}/members`, { user_id: frank?.id, access_level: 10 });
});

test('frank sees alice’s mention in his To-Do List, marks it done, undoes it, then marks all done', async ({
  browser,
}) => {
  await project.api('POST', `/projects/${project.projectId}/issues/1/notes`, { body: '@frank can you look at this?' });
  await project.api('POST', `/projects/${project.projectId}/issues/2/notes`, { body: 'and this one, @frank' });

  const page = await signedInPage(browser, 'frank');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'To-Do List' }).click();
  await expect(page).toHaveURL(/\/dashboard\/todos$/);
  const list = page.getByRole('list', { name: 'To Do' });
  const first = list.getByRole('listitem').filter({ hasText: 'Needs review' });
  await expect(first).toContainText('mentioned you on issue');
  await expect(first).toContainText(`${project.projectPath}#1`);
  await expect(first).toContainText('can you look at this?');
  await settledScreenshot(page, 'todos-pending');
  expect(await seriousViolations(page), 'the To-Do List (axe)').toEqual([]);

  await first.getByRole('button', { name: 'Mark as done' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Needs review' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Done' }).click();
  const done = page.getByRole('list', { name: 'Done' }).getByRole('listitem').filter({ hasText: 'Needs review' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(done).toHaveCount(0);

  await page.getByRole('link', { name: 'To Do' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Needs review' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as done' }).click();
  await expect(page.getByText("Good job! Looks like you don't have anything left on your To-Do List")).toBeVisible();

  // The to-do links to the comment on the issue.
  await page.getByRole('link', { name: 'Done' }).click();
  await page.getByRole('link', { name: 'Second look' }).click();
  await expect(page).toHaveURL(new RegExp(`${project.issueUrl(2)}#note_\\d+$`));
  await expect(page.getByRole('heading', { name: 'Second look' })).toBeVisible();
  // The page scrolls to the comment once the activity has loaded it.
  await expect(page.getByText('and this one')).toBeInViewport();
  await page.context().close();
});
