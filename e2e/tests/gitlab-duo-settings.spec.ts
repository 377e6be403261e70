import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { addGroupMember } from './issue-project';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';

/** A group's GitLab Duo settings page (issue 29, IE §2.8, IE-54): availability, experiments, the lock. */
const groupPath = `duo-${Date.now().toString(36)}`;
const DEVELOPER = 30;
let groupId = 0;
let subgroupId = 0;
let api: SessionApi;
let setupPage: Page;

test.beforeAll(async ({ browser }) => {
  setupPage = await browser.newPage({ storageState: authFile('alice') });
  api = await sessionApi(setupPage);
  groupId = (await api('POST', '/groups', { name: 'Duo e2e', path: groupPath, visibility: 'private' })).id as number;
  subgroupId = (await api('POST', '/groups', { name: 'Team', path: 'team', parent_id: groupId, visibility: 'private' }))
    .id as number;
  await addGroupMember(api, groupId, 'frank', DEVELOPER);
});

test.afterAll(async () => {
  if (groupId) await api('DELETE', `/groups/${groupId}`);
  await setupPage?.close();
});

test.describe('as the group’s Owner (alice)', () => {
  test.use({ storageState: authFile('alice') });

  test('saves the availability and the experiment switch, then shows the info alert', async ({ page }) => {
    await page.goto(`/groups/${groupPath}`);
    await page.getByRole('navigation', { name: 'Group navigation' }).getByRole('link', { name: 'GitLab Duo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'GitLab Duo' })).toBeVisible();
    const availability = page.getByRole('radiogroup', { name: 'GitLab Duo availability' });
    await expect(availability.getByRole('radio', { name: /On by default/ })).toBeChecked();
    await availability.getByText('Off by default').click();
    await page.getByText('Use experiment and beta GitLab Duo features', { exact: true }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page).toHaveURL(new RegExp(`/groups/${groupPath}/-/settings/gitlab_duo$`));
    await expect(page.getByRole('status').filter({ hasText: 'Group was successfully updated.' })).toBeVisible();
    await expect(availability.getByRole('radio', { name: /Off by default/ })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Use experiment and beta GitLab Duo features' })).toBeChecked();
    const saved = await api('GET', `/groups/${groupId}`);
    expect(saved).toMatchObject({ duo_availability: 'default_off', experiment_features_enabled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await settledScreenshot(page, 'gitlab-duo-settings');

    // A reload shows the alert no more.
    await page.reload();
    await expect(availability).toBeVisible();
    await expect(page.getByText('Group was successfully updated.')).toHaveCount(0);
  });

  test('a subgroup of an Always off group shows the setting locked, with why', async ({ page }) => {
    await api('PUT', `/groups/${groupId}`, { duo_availability: 'never_on' });
    await page.goto(`/groups/${groupPath}/team/-/settings/gitlab_duo`);
    const availability = page.getByRole('radiogroup', { name: 'GitLab Duo availability' });
    await expect(availability.getByRole('radio', { name: /Always off/ })).toBeChecked();
    for (const radio of await availability.getByRole('radio').all()) await expect(radio).toBeDisabled();
    await expect(page.getByText(`The group ${groupPath} turned GitLab Duo off for all its subgroups`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    // Experiments are a top-level group's setting.
    await expect(page.getByRole('switch')).toHaveCount(0);
    await settledScreenshot(page, 'gitlab-duo-settings-locked');
    expect(subgroupId).toBeGreaterThan(0);
  });

  test('a save the server refuses shows the §8 alert', async ({ page }) => {
    await api('PUT', `/groups/${groupId}`, { duo_availability: 'default_on' });
    await page.goto(`/groups/${groupPath}/team/-/settings/gitlab_duo`);
    const availability = page.getByRole('radiogroup', { name: 'GitLab Duo availability' });
    await expect(availability.getByRole('radio', { name: /On by default/ })).toBeChecked();
    // Meanwhile the parent group turns GitLab Duo off for good: the subgroup's save is refused (400).
    await api('PUT', `/groups/${groupId}`, { duo_availability: 'never_on' });
    await availability.getByText('Off by default').click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'An error occurred while retrieving your settings. Reload the page to try again.',
    );
    await expect(page).toHaveURL(new RegExp(`/groups/${groupPath}/team/-/settings/gitlab_duo$`));
  });
});

test.describe('as a Developer of the group (frank)', () => {
  test.use({ storageState: authFile('frank') });

  test('the page does not exist for anyone but the group’s Owners', async ({ page }) => {
    await page.goto(`/groups/${groupPath}/-/settings/gitlab_duo`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Group navigation' }).getByRole('link', { name: 'GitLab Duo' }),
    ).toHaveCount(0);
  });
});
