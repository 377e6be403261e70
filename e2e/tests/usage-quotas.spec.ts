import { expect, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { addGroupMember, openFromGroupNav, useSpecGroup } from './issue-project';
import { settledScreenshot } from './screenshots';

/** A top-level group's Usage quotas page: its seats and the users who take them (issue 29, IE-50 … IE-53, IE-56). */
const DEVELOPER = 30;
const group = useSpecGroup('Seats', async ({ api, groupId }) => {
  const projectId = (await api('POST', '/projects', { name: 'app', path: 'app', namespace_id: groupId })).id as number;
  await addGroupMember(api, groupId, 'frank', DEVELOPER);
  const [oscar] = (await api('GET', '/users?username=oscar')) as unknown as Array<{ id: number }>;
  await api('POST', `/projects/${projectId}/members`, { user_id: oscar?.id, access_level: DEVELOPER });
});
const { groupPath } = group;

test.describe('as the group’s Owner (alice)', () => {
  test.use({ storageState: authFile('alice') });

  test('shows the seats, a member’s memberships, and removes a user after the typed confirmation', async ({ page }) => {
    await openFromGroupNav(page, groupPath, 'Usage quotas');
    const seats = page.getByRole('definition').filter({ hasText: /^\d+$/ }).first();
    await expect(seats).toHaveText('3');
    const table = page.getByRole('table', { name: 'Billable users' });
    await expect(table.getByRole('row')).toHaveCount(4);
    const oscar = table.getByRole('row').filter({ hasText: '@oscar' });
    await expect(oscar).toContainText('Project member');
    await oscar.getByRole('button', { name: 'Memberships' }).click();
    const memberships = page.getByRole('list', { name: 'Memberships' });
    await expect(memberships).toContainText('Seats e2e / app');
    await expect(memberships).toContainText('Developer');
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
    await settledScreenshot(page, 'usage-quotas');

    // The last Owner cannot be removed; anyone else only after their username is typed.
    await expect(
      table.getByRole('row').filter({ hasText: '@alice' }).getByRole('button', { name: 'Remove user' }),
    ).toBeDisabled();
    await oscar.getByRole('button', { name: 'Remove user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove user @oscar from your subscription' });
    const confirm = dialog.getByRole('button', { name: 'Remove user' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('To confirm, type oscar').fill('oscar');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(seats).toHaveText('2');
    const projectMembers = (await group.api(
      'GET',
      `/projects/${encodeURIComponent(`${groupPath}/app`)}/members`,
    )) as unknown as Array<{
      username: string;
    }>;
    expect(projectMembers.map((m) => m.username)).not.toContain('oscar');
  });
});

test.describe('as a Developer of the group (frank)', () => {
  test.use({ storageState: authFile('frank') });

  test('the page does not exist for anyone but the group’s Owners', async ({ page }) => {
    await page.goto(`/groups/${groupPath}/-/usage_quotas`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Group navigation' }).getByRole('link', { name: 'Usage quotas' }),
    ).toHaveCount(0);
  });
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a visitor of a public group’s Usage quotas and Billing pages is asked to sign in', async ({ page }) => {
    for (const path of ['usage_quotas', 'billings']) {
      await page.goto(`/groups/acme/-/${path}`);
      await expect(page.getByText("Sign in to see this group's billing")).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
    }
  });
});
