import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { startGitlabWebhookConsumer } from '../../test/gitlab-webhook-consumer';
import { useRestTestApp } from '../../test/rest-test-app';

/**
 * Done-when of issue 27 item 4: a webhook consumer written for GitLab's documented payloads (a small
 * Python receiver, standard library only) accepts Meridian's deliveries unchanged.
 */

const t = useRestTestApp({ prefix: 'py-', users: ['dev'], admins: ['admin'] });
const { api, uid } = t;
let consumer: Awaited<ReturnType<typeof startGitlabWebhookConsumer>>;
let projectId = 0;

beforeAll(async () => {
  consumer = await startGitlabWebhookConsumer('consumer-secret');
  const group = await createGroup(t.db, { path: 'py' });
  projectId = (await createProject(t.db, { namespaceId: group.id, path: 'app' })).id;
  await addGroupMember(t.db, group.id, uid.dev as number, AccessLevel.MAINTAINER);
  await api('PUT', '/application/settings', 'admin', { allow_local_requests_from_web_hooks_and_services: true });
});
afterAll(() => consumer?.stop());

describe('a GitLab webhook consumer', () => {
  it('accepts issue, comment and merge request events as GitLab documents them', async () => {
    const hook = await api('POST', `/projects/${projectId}/hooks`, 'dev', {
      url: consumer.url,
      token: 'consumer-secret',
      issues_events: true,
      confidential_issues_events: true,
      note_events: true,
      merge_requests_events: true,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    await api('POST', `/projects/${projectId}/labels`, 'dev', { name: 'backend', color: '#00ff00' });
    const issue = await api('POST', `/projects/${projectId}/issues`, 'dev', { title: 'Crash', labels: 'backend' });
    const iid = issue.json().iid;
    await api('PUT', `/projects/${projectId}/issues/${iid}`, 'dev', { title: 'Crash on save' });
    await api('POST', `/projects/${projectId}/issues/${iid}/notes`, 'dev', { body: 'Reproduced' });
    await api('POST', `/projects/${projectId}/issues`, 'dev', { title: 'Secret', confidential: true });
    await api('POST', `/projects/${projectId}/merge_requests`, 'dev', {
      title: 'Draft: Fix crash',
      source_branch: 'fix',
      target_branch: 'main',
    });
    await t.app.webhookWorker?.pollNow();
    await expect.poll(() => consumer.events().length, { timeout: 10_000 }).toBe(5);
    const events = consumer.events();
    expect(events.filter((e) => 'refused' in e)).toEqual([]);
    expect(events.map((e) => e.event)).toEqual([
      'Issue Hook',
      'Issue Hook',
      'Note Hook',
      'Confidential Issue Hook',
      'Merge Request Hook',
    ]);
    expect(events[0]).toMatchObject({
      kind: 'issue',
      action: 'open',
      iid,
      title: 'Crash',
      state: 'opened',
      project: 'py/app',
      user: 'py-dev',
      labels: ['backend'],
    });
    expect(events[1]).toMatchObject({ action: 'update', title_change: 'Crash on save' });
    expect(events[2]).toMatchObject({ kind: 'note', noteable_type: 'Issue', note: 'Reproduced', on_iid: iid });
    expect(events[3]).toMatchObject({ confidential: true });
    expect(events[4]).toMatchObject({
      kind: 'merge_request',
      action: 'open',
      source_branch: 'fix',
      target_branch: 'main',
      draft: true,
      target_project: 'py/app',
    });
  });
});
