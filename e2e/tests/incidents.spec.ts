import { expect, type Page, test } from '@playwright/test';
import { signedInPage } from './auth';
import { signUpFreshUser } from './fresh-user';
import { addGroupMember, useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * IE §4, IE-78: the incident page. A Developer (frank) sets the severity and the status (and sees
 * GitLab's system notes), adds a timeline event and uploads a metric image; a Guest sees all of it
 * but may change none of it.
 */

// A 1×1 PNG: the server reads the type from the bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const guest = { username: `inc-guest-${Date.now().toString(36)}`, name: 'Incident Guest', password: 'guest-pass-123' };
let incidentIid = 0;

const project = useIssueProject('Incidents', [], async ({ api, groupId, projectId }) => {
  await addGroupMember(api, groupId, 'frank', 30);
  const incident = await api('POST', `/projects/${projectId}/issues`, {
    title: 'Checkout API returns 500s',
    issue_type: 'incident',
  });
  incidentIid = incident.iid as number;
});

const sidebarField = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

test('a Developer sets severity and status, adds a timeline event and uploads an image; a Guest only sees them', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, 'frank');
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(project.issueUrl(incidentIid));
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout API returns 500s' })).toBeVisible();

  const severity = sidebarField(page, 'Severity');
  await expect(severity.getByText('Unknown', { exact: true })).toBeVisible();
  await severity.getByRole('button', { name: 'Edit severity' }).click();
  await severity.getByRole('radio', { name: 'High - S2' }).click();
  await expect(severity.getByText('High - S2', { exact: true })).toBeVisible();

  const status = sidebarField(page, 'Status');
  await expect(status.getByText('Triggered', { exact: true })).toBeVisible();
  await status.getByRole('button', { name: 'Edit status' }).click();
  await status.getByRole('radio', { name: 'Acknowledged' }).click();
  await expect(status.getByText('Acknowledged', { exact: true })).toBeVisible();

  // GitLab's system notes in the activity.
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('changed the severity to High - S2')).toBeVisible();
  await expect(activity.getByText('changed the incident status to Acknowledged')).toBeVisible();

  // The timeline: the events GitLab writes by itself (not editable), then one frank adds.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const automatic = timeline.getByRole('list', { name: 'Timeline events' }).getByRole('listitem');
  await expect(automatic.filter({ hasText: 'created the incident' })).toHaveCount(1);
  await expect(automatic.filter({ hasText: 'changed the incident severity to High' })).toHaveCount(1);
  await expect(automatic.filter({ hasText: 'changed the incident status to Acknowledged' })).toHaveCount(1);
  await timeline.getByRole('button', { name: 'Add new timeline event' }).click();
  const eventForm = timeline.getByRole('form', { name: 'Add new timeline event' });
  await eventForm.getByLabel('Date').fill('2026-11-29');
  await eventForm.getByLabel('Time (UTC)').fill('09:15');
  await eventForm.getByLabel('Timeline text').fill('Error rate above **5%** on checkout');
  await eventForm.getByRole('button', { name: 'Save' }).click();
  const events = timeline.getByRole('list', { name: 'Timeline events' });
  await expect(events.getByText('2026-11-29 09:15 UTC')).toBeVisible();
  await expect(events.locator('strong', { hasText: '5%' })).toBeVisible();

  // A metric image: a text file is refused with the server's reason, a PNG is taken.
  const metrics = page.getByRole('region', { name: 'Metrics' });
  const upload = metrics.getByRole('form', { name: 'Upload image' });
  await upload
    .getByLabel('Image')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
  await upload.getByRole('button', { name: 'Upload image' }).click();
  await expect(upload.getByText(/only PNG, JPEG, GIF and WebP images are accepted/)).toBeVisible();
  await upload.getByLabel('Image').setInputFiles({ name: 'error-rate.png', mimeType: 'image/png', buffer: PNG });
  await upload.getByLabel('Text (optional)').fill('Error rate');
  await upload.getByLabel('Link (optional)').fill('https://grafana.example.com/d/checkout');
  await upload.getByRole('button', { name: 'Upload image' }).click();
  const images = metrics.getByRole('list', { name: 'Metric images' });
  await expect(images.getByRole('link', { name: 'Error rate' })).toHaveAttribute(
    'href',
    'https://grafana.example.com/d/checkout',
  );
  const img = images.getByRole('img', { name: 'Error rate' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
  await settledScreenshot(page, 'incident-developer');

  // A Guest sees the same incident and cannot change any of it.
  const guestPage = await signUpFreshUser(browser, guest);
  const [user] = (await project.api('GET', `/users?username=${guest.username}`)) as unknown as Array<{ id: number }>;
  await project.api('POST', `/groups/${project.groupId}/members`, { user_id: user?.id, access_level: 10 });
  await guestPage.setViewportSize({ width: 1280, height: 1100 });
  await guestPage.goto(project.issueUrl(incidentIid));
  await expect(sidebarField(guestPage, 'Severity').getByText('High - S2', { exact: true })).toBeVisible();
  await expect(sidebarField(guestPage, 'Status').getByText('Acknowledged', { exact: true })).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Edit severity' })).toHaveCount(0);
  await expect(guestPage.getByRole('button', { name: 'Edit status' })).toHaveCount(0);
  const guestTimeline = guestPage.getByRole('region', { name: 'Timeline' });
  await expect(guestTimeline.getByText('2026-11-29 09:15 UTC')).toBeVisible();
  await expect(guestTimeline.getByRole('button', { name: 'Add new timeline event' })).toHaveCount(0);
  await expect(guestTimeline.getByRole('button', { name: /^Delete event/ })).toHaveCount(0);
  const guestMetrics = guestPage.getByRole('region', { name: 'Metrics' });
  await expect(guestMetrics.getByRole('img', { name: 'Error rate' })).toBeVisible();
  await expect(guestMetrics.getByRole('form', { name: 'Upload image' })).toHaveCount(0);
  await expect(guestMetrics.getByRole('button', { name: /^Delete image/ })).toHaveCount(0);
  await settledScreenshot(guestPage, 'incident-guest');
});

test('an Owner adds an escalation policy; set on an incident, it pages frank until the incident is acknowledged', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, 'alice');
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`/${project.projectPath}`);
  await page
    .getByRole('navigation', { name: 'Project navigation' })
    .getByRole('link', { name: 'Escalation policies' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Escalation policies' })).toBeVisible();
  await expect(page.getByText('Create an escalation policy in GitLab')).toBeVisible();
  await page.getByRole('button', { name: 'Add an escalation policy' }).click();
  const form = page.getByRole('form', { name: 'Add escalation policy' });
  await form.getByLabel('Name', { exact: true }).fill('Checkout on-call');
  const rule = form.getByRole('group', { name: 'Escalation rule 1' });
  await rule.getByLabel('Status').selectOption('ACKNOWLEDGED');
  await rule.getByLabel('Minutes').fill('0');
  await rule.getByLabel('Username').fill('frank');
  await settledScreenshot(page, 'escalation-policy-form');
  await form.getByRole('button', { name: 'Add escalation policy' }).click();
  const card = page.getByRole('listitem', { name: 'Checkout on-call' });
  await expect(card).toContainText('IF incident is not Acknowledged in 0 minutes THEN Email user @frank');
  await settledScreenshot(page, 'escalation-policies');

  const incident = await project.api('POST', `/projects/${project.projectId}/issues`, {
    title: 'Payments time out',
    issue_type: 'incident',
  });
  await page.goto(project.issueUrl(incident.iid as number));
  const policy = sidebarField(page, 'Escalation policy');
  await expect(policy.getByText('None', { exact: true })).toBeVisible();
  await policy.getByRole('button', { name: 'Edit escalation policy' }).click();
  await policy.getByRole('radio', { name: 'Checkout on-call' }).click();
  await expect(policy.getByTestId('incident-escalation-policy')).toHaveText('Checkout on-call');
  await expect(policy.getByText('Paged', { exact: true })).toBeVisible();
  // The 0-minute rule pages at once: the worker writes GitLab's note, which the page shows live.
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(
    activity.getByText('notified @frank of this incident via escalation policy Checkout on-call'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await settledScreenshot(page, 'incident-paged');

  const status = sidebarField(page, 'Status');
  await status.getByRole('button', { name: 'Edit status' }).click();
  await expect(status.getByText('Assign paging status')).toBeVisible();
  await status.getByRole('radio', { name: 'Acknowledged' }).click();
  await expect(status.getByText('Acknowledged', { exact: true })).toBeVisible();
  await expect(policy.getByText('Paged', { exact: true })).toHaveCount(0);
  await expect(policy.getByTestId('incident-escalation-policy')).toHaveText('Checkout on-call');
});
