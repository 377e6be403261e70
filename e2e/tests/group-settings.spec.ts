import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { addGroupMember, useSpecGroup } from './issue-project';
import { settledScreenshot } from './screenshots';
import { sessionApi } from './session-api';

/**
 * A group's Settings › General (issue 29): the settings `PUT /groups/:id` stores, with GitLab's labels,
 * for the group's Owners; what they decide (who may create projects) holds at once.
 */
const MAINTAINER = 40;
const group = useSpecGroup('Settings', ({ api, groupId }) => addGroupMember(api, groupId, 'frank', MAINTAINER));
const { groupPath } = group;
const settingsUrl = `/groups/${groupPath}/-/settings/general`;

const section = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('as the group’s Owner (alice)', () => {
  test.use({ storageState: authFile('alice') });

  test('renames the group, describes it and changes its visibility', async ({ page }) => {
    await page.goto(settingsUrl);
    const naming = section(page, 'Naming, description, visibility');
    await expect(naming.getByLabel('Group name')).toHaveValue('Settings e2e');
    await expect(naming.getByRole('radio', { name: /^Private/ })).toBeChecked();
    await naming.getByLabel('Group name').fill('Settings renamed');
    await naming.getByLabel('Group description (optional)').fill('Where the plans are made');
    await naming.getByRole('radio', { name: /^Internal/ }).check();
    await naming.getByRole('button', { name: 'Save changes' }).click();
    await expect(naming.getByRole('status')).toHaveText("Group 'Settings renamed' was successfully updated.");
    expect(await group.api('GET', `/groups/${group.groupId}`)).toMatchObject({
      name: 'Settings renamed',
      description: 'Where the plans are made',
      visibility: 'internal',
    });

    // The server's refusal shows in the section, naming the field.
    await naming.getByLabel('Group name').fill('   ');
    await naming.getByRole('button', { name: 'Save changes' }).click();
    await expect(naming.getByRole('alert')).toContainText('name is invalid');

    await page.reload();
    await expect(section(page, 'Naming, description, visibility').getByLabel('Group name')).toHaveValue(
      'Settings renamed',
    );
  });

  test('turns emails off and lets only Owners create projects and subgroups', async ({ page }) => {
    await page.goto(settingsUrl);
    const permissions = section(page, 'Permissions and group features');
    await expect(permissions.getByRole('checkbox', { name: /Enable email notifications/ })).toBeChecked();
    await expect(permissions.getByLabel('Roles allowed to create projects')).toHaveValue('developer');
    await expect(permissions.getByLabel('Roles allowed to create subgroups')).toHaveValue('maintainer');

    await permissions.getByRole('checkbox', { name: /Enable email notifications/ }).uncheck();
    await permissions.getByLabel('Roles allowed to create projects').selectOption({ label: 'Owners' });
    await permissions.getByLabel('Roles allowed to create subgroups').selectOption({ label: 'Owners' });
    await permissions.getByRole('button', { name: 'Save changes' }).click();
    await expect(permissions.getByRole('status')).toContainText('was successfully updated.');
    expect(await group.api('GET', `/groups/${group.groupId}`)).toMatchObject({
      emails_enabled: false,
      project_creation_level: 'owner',
      subgroup_creation_level: 'owner',
    });
    expect(await seriousViolations(page)).toEqual([]);
    await settledScreenshot(page, 'group-settings-general');
  });
});

test.describe('as a Maintainer of the group (frank)', () => {
  test.use({ storageState: authFile('frank') });

  test('sees the templates but not the Owners’ settings, and may no longer create projects', async ({ page }) => {
    await page.goto(settingsUrl);
    await expect(page.getByRole('heading', { name: 'Description templates' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Permissions and group features' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Naming, description, visibility' })).toHaveCount(0);

    const csrf = ((await (await page.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
    const create = await page.request.post('/api/v4/projects', {
      headers: { 'x-csrf-token': csrf },
      data: { name: 'mine', path: 'mine', namespace_id: group.groupId },
    });
    expect(create.status()).toBe(403);
    const api = await sessionApi(page);
    expect(await api('GET', `/groups/${group.groupId}`)).toMatchObject({ project_creation_level: 'owner' });
  });
});
