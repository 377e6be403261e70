import { expect, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { addGroupMember, openFromGroupNav, useSpecGroup } from './issue-project';
import { settledScreenshot } from './screenshots';
import { sessionApi } from './session-api';

/** A group's GitLab Duo settings page (issue 29, IE §2.8, IE-54): availability, experiments, the lock. */
const DEVELOPER = 30;
let subgroupId = 0;
const group = useSpecGroup('Duo', async ({ api, groupId }) => {
  subgroupId = (await api('POST', '/groups', { name: 'Team', path: 'team', parent_id: groupId, visibility: 'private' }))
    .id as number;
  await addGroupMember(api, groupId, 'frank', DEVELOPER);
});
const { groupPath } = group;

test.describe('as the group’s Owner (alice)', () => {
  test.use({ storageState: authFile('alice') });

  test('saves the availability and the experiment switch, then shows the info alert', async ({ page }) => {
    await openFromGroupNav(page, groupPath, 'GitLab Duo');
    const availability = page.getByRole('radiogroup', { name: 'GitLab Duo availability' });
    await expect(availability.getByRole('radio', { name: /On by default/ })).toBeChecked();
    await availability.getByText('Off by default').click();
    await page.getByText('Use experiment and beta GitLab Duo features', { exact: true }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page).toHaveURL(new RegExp(`/groups/${groupPath}/-/settings/gitlab_duo$`));
    await expect(page.getByRole('status').filter({ hasText: 'Group was successfully updated.' })).toBeVisible();
    await expect(availability.getByRole('radio', { name: /Off by default/ })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Use experiment and beta GitLab Duo features' })).toBeChecked();
    const saved = await group.api('GET', `/groups/${group.groupId}`);
    expect(saved).toMatchObject({ duo_availability: 'default_off', experiment_features_enabled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await settledScreenshot(page, 'gitlab-duo-settings');

    // A reload shows the alert no more.
    await page.reload();
    await expect(availability).toBeVisible();
    await expect(page.getByText('Group was successfully updated.')).toHaveCount(0);
  });

  test('a subgroup of an Always off group shows the setting locked, with why', async ({ page }) => {
    await group.api('PUT', `/groups/${group.groupId}`, { duo_availability: 'never_on' });
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

  test('Always on, chosen on the top-level group, locks its subgroups on', async ({ page }) => {
    await group.api('PUT', `/groups/${group.groupId}`, { duo_availability: 'default_on' });
    await page.goto(`/groups/${groupPath}/-/settings/gitlab_duo`);
    const availability = page.getByRole('radiogroup', { name: 'GitLab Duo availability' });
    await availability.getByText('Always on').click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Group was successfully updated.' })).toBeVisible();
    await expect(availability.getByRole('radio', { name: /Always on/ })).toBeChecked();
    expect(await group.api('GET', `/groups/${group.groupId}`)).toMatchObject({ duo_availability: 'always_on' });

    await page.goto(`/groups/${groupPath}/team/-/settings/gitlab_duo`);
    await expect(availability.getByRole('radio', { name: /Always on/ })).toBeChecked();
    for (const radio of await availability.getByRole('radio').all()) await expect(radio).toBeDisabled();
    await expect(page.getByText(`The group ${groupPath} turned GitLab Duo on for all its subgroups`)).toBeVisible();
    await settledScreenshot(page, 'gitlab-duo-settings-always-on');
    await group.api('PUT', `/groups/${group.groupId}`, { duo_availability: 'default_on' });
  });

  test('a save the server refuses shows the §8 alert', async ({ page }) => {
    await group.api('PUT', `/groups/${group.groupId}`, { duo_availability: 'default_on' });
    await page.goto(`/groups/${groupPath}/team/-/settings/gitlab_duo`);
    const availability = page.getByRole('radiogroup', { name: 'GitLab Duo availability' });
    await expect(availability.getByRole('radio', { name: /On by default/ })).toBeChecked();
    // Meanwhile the parent group turns GitLab Duo off for good: the subgroup's save is refused (400).
    await group.api('PUT', `/groups/${group.groupId}`, { duo_availability: 'never_on' });
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

test.describe('the instance switch (an administrator, then the Owner)', () => {
  test('root turns GitLab Duo off in Admin › Settings; the group’s GitLab Duo page shows it unavailable', async ({
    browser,
  }) => {
    const admin = await browser.newPage({ storageState: authFile('root') });
    const owner = await browser.newPage({ storageState: authFile('alice') });
    const adminApi = await sessionApi(admin);
    try {
      // Only the instance can be the reason: the group itself allows GitLab Duo.
      await group.api('PUT', `/groups/${group.groupId}`, { duo_availability: 'default_on' });
      await admin.goto('/admin/application_settings/general');
      const duo = admin.getByRole('checkbox', { name: /^Use GitLab Duo features/ });
      await expect(duo).toBeChecked();
      await duo.uncheck();
      await admin.getByRole('button', { name: 'Save changes' }).click();
      await expect(admin.getByText('Application settings saved successfully.')).toBeVisible();
      expect(await adminApi('GET', '/application/settings')).toMatchObject({ duo_features_enabled: false });
      await settledScreenshot(admin, 'admin-settings-gitlab-duo');

      await owner.goto(`/groups/${groupPath}/-/settings/gitlab_duo`);
      const availability = owner.getByRole('radiogroup', { name: 'GitLab Duo availability' });
      await expect(availability.getByRole('radio', { name: /Always off/ })).toBeChecked();
      for (const radio of await availability.getByRole('radio').all()) await expect(radio).toBeDisabled();
      await expect(
        owner.getByText('An administrator turned GitLab Duo off for this instance, so this setting cannot be changed.'),
      ).toBeVisible();
      await settledScreenshot(owner, 'gitlab-duo-settings-instance-off');

      await admin.goto('/admin/application_settings/network');
      const limit = admin.getByLabel('Maximum AI requests per period per user');
      await expect(limit).toHaveValue('160');
      await limit.fill('100');
      await admin.getByRole('button', { name: 'Save changes' }).click();
      await expect(admin.getByText('Application settings saved successfully.')).toBeVisible();
      expect(await adminApi('GET', '/application/settings')).toMatchObject({ ai_action_api_rate_limit: 100 });
    } finally {
      await adminApi('PUT', '/application/settings', { duo_features_enabled: true, ai_action_api_rate_limit: 160 });
      await admin.close();
      await owner.close();
    }
  });
});
