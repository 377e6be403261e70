import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../../test/factories';
import {
  ISSUE_ATTRIBUTE_KEYS,
  ISSUE_EVENT_KEYS,
  keyMismatches,
  LABEL_KEYS,
  MERGE_REQUEST_ATTRIBUTE_KEYS,
  MERGE_REQUEST_EVENT_KEYS,
  NOTE_ATTRIBUTE_KEYS,
  NOTE_EVENT_KEYS,
  PROJECT_KEYS,
  REPOSITORY_KEYS,
  USER_KEYS,
} from '../../test/gitlab-webhook-payload-keys';
import { useRestTestApp } from '../../test/rest-test-app';
import { type ReceivedHook, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

/**
 * Webhook deliveries to a real HTTP receiver: GitLab's payloads and headers for issue, note and merge
 * request events, confidential routing, group hooks, retries with a stable event UUID, no redirects,
 * the SSRF guard at delivery time, auto-disabling and re-enabling by a test, hook logs and resend.
 */

const t = useRestTestApp({ prefix: 'dl-', users: [], admins: ['admin'] });
const { api, tok } = t;
let receiver: WebhookReceiver;
let groupId = 0;
let subId = 0;
let actorId = 0;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const group = await createGroup(t.db, { path: 'dl' });
  groupId = group.id;
  subId = (await createGroup(t.db, { path: 'sub', parentId: group.id })).id;
  const owner = await createUser(t.db, { username: 'dl-owner', name: 'Dee Owner' });
  actorId = owner.id;
  await addGroupMember(t.db, group.id, owner.id, AccessLevel.OWNER);
  tok.owner = await createToken(t.db, owner.id);
  const res = await api('PUT', '/application/settings', 'admin', {
    allow_local_requests_from_web_hooks_and_services: true,
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => receiver?.close());

const deliver = async () => {
  await t.app.webhookWorker?.pollNow();
};

async function newProject(path: string) {
  return (await createProject(t.db, { namespaceId: subId, path })).id;
}

async function addHook(owner: string, path: string, attrs: object) {
  const res = await api('POST', `/${owner}/hooks`, 'owner', { url: receiver.url(path), ...attrs });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

function expectShape(hook: ReceivedHook) {
  const body = hook.body;
  const problems: string[] = [];
  const event = hook.headers['x-gitlab-event'];
  if (event === 'Issue Hook' || event === 'Confidential Issue Hook') {
    problems.push(...keyMismatches(body, ISSUE_EVENT_KEYS, 'issue'));
    problems.push(
      ...keyMismatches(
        body.object_attributes,
        { ...ISSUE_ATTRIBUTE_KEYS, action: ['string'] },
        'issue.object_attributes',
      ),
    );
  } else if (event === 'Merge Request Hook') {
    problems.push(...keyMismatches(body, MERGE_REQUEST_EVENT_KEYS, 'mr'));
    problems.push(...keyMismatches(body.object_attributes, MERGE_REQUEST_ATTRIBUTE_KEYS, 'mr.object_attributes'));
  } else if (event === 'Note Hook' || event === 'Confidential Note Hook') {
    problems.push(...keyMismatches(body, NOTE_EVENT_KEYS, 'note'));
    problems.push(...keyMismatches(body.object_attributes, NOTE_ATTRIBUTE_KEYS, 'note.object_attributes'));
    if (body.issue) problems.push(...keyMismatches(body.issue, ISSUE_ATTRIBUTE_KEYS, 'note.issue'));
  } else {
    problems.push(`unexpected X-Gitlab-Event ${String(event)}`);
  }
  problems.push(...keyMismatches(body.user, USER_KEYS, 'user'));
  problems.push(...keyMismatches(body.project, PROJECT_KEYS, 'project'));
  problems.push(...keyMismatches(body.repository, REPOSITORY_KEYS, 'repository'));
  for (const label of (body.labels as unknown[] | undefined) ?? [])
    problems.push(...keyMismatches(label, LABEL_KEYS, 'label'));
  expect(problems).toEqual([]);
}

describe('webhook deliveries', () => {
  it('sends issue open, update and close with GitLab payloads and headers, once each', async () => {
    const projectId = await newProject('issues');
    const hook = await addHook(`projects/${projectId}`, '/issues', {
      issues_events: true,
      token: 'tok-123',
      custom_headers: [{ key: 'X-Tenant', value: 'acme' }],
    });
    const label = await api('POST', `/projects/${projectId}/labels`, 'owner', { name: 'bug', color: '#ff0000' });
    expect(label.statusCode, label.body).toBe(201);
    const created = await api('POST', `/projects/${projectId}/issues`, 'owner', {
      title: 'First',
      labels: 'bug',
      assignee_ids: [actorId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const iid = created.json().iid;
    await api('PUT', `/projects/${projectId}/issues/${iid}`, 'owner', { title: 'Renamed' });
    const estimated = await api('POST', `/projects/${projectId}/issues/${iid}/time_estimate`, 'owner', {
      duration: '1h 30m',
    });
    expect(estimated.statusCode, estimated.body).toBe(201);
    await api('PUT', `/projects/${projectId}/issues/${iid}`, 'owner', { state_event: 'close' });
    await deliver();
    const got = receiver.at('/issues');
    expect(got.map((r) => (r.body.object_attributes as { action: string }).action)).toEqual([
      'open',
      'update',
      'update',
      'close',
    ]);
    for (const r of got) expectShape(r);
    const [open, update, estimate, close] = got as [ReceivedHook, ReceivedHook, ReceivedHook, ReceivedHook];
    // Time tracking is an issue change like any other: GitLab's changes and human-readable times.
    expect(estimate.body.changes).toEqual({ time_estimate: { previous: 0, current: 5400 } });
    expect(estimate.body.object_attributes).toMatchObject({
      time_estimate: 5400,
      human_time_estimate: '1h 30m',
      total_time_spent: 0,
      human_total_time_spent: null,
    });
    expect(open.headers).toMatchObject({
      'x-gitlab-event': 'Issue Hook',
      'x-gitlab-token': 'tok-123',
      'x-tenant': 'acme',
      'content-type': 'application/json',
      'x-gitlab-instance': 'http://localhost:3000',
    });
    expect(open.headers['user-agent']).toMatch(/^GitLab\//);
    expect(open.headers['x-gitlab-event-uuid']).toMatch(UUID);
    expect(open.headers['x-gitlab-webhook-uuid']).toMatch(UUID);
    expect(update.headers['x-gitlab-webhook-uuid']).toBe(open.headers['x-gitlab-webhook-uuid']);
    expect(update.headers['x-gitlab-event-uuid']).not.toBe(open.headers['x-gitlab-event-uuid']);
    expect(open.body).toMatchObject({
      object_kind: 'issue',
      event_type: 'issue',
      user: { id: actorId, username: 'dl-owner', name: 'Dee Owner' },
      project: { id: projectId, path_with_namespace: 'dl/sub/issues', web_url: 'http://localhost:3000/dl/sub/issues' },
      object_attributes: { iid, title: 'First', state: 'opened', state_id: 1, assignee_ids: [actorId] },
      labels: [{ title: 'bug', color: '#ff0000', type: 'ProjectLabel' }],
      assignees: [{ id: actorId, username: 'dl-owner' }],
    });
    expect((open.body.object_attributes as { url: string }).url).toBe(
      `http://localhost:3000/dl/sub/issues/-/issues/${iid}`,
    );
    expect(update.body.changes).toMatchObject({ title: { previous: 'First', current: 'Renamed' } });
    expect(close.body.changes).toMatchObject({ state_id: { previous: 1, current: 2 } });
    expect(close.body.object_attributes).toMatchObject({ state: 'closed', action: 'close' });
    // Logged as GitLab's "Recent events", with the token redacted.
    const events = await api('GET', `/projects/${projectId}/hooks/${hook.id}/events`, 'owner');
    expect(events.statusCode).toBe(200);
    const logs = events.json();
    expect(logs).toHaveLength(4);
    expect(logs[0]).toMatchObject({ trigger: 'issue_hooks', response_status: '200', response_body: 'ok' });
    expect(logs[0].request_headers['X-Gitlab-Token']).toBe('[REDACTED]');
    expect(logs[0].request_headers['X-Tenant']).toBe('[REDACTED]');
    expect(logs[0].request_data.object_attributes.action).toBe('close');
    // Nothing more is sent on later polls.
    await deliver();
    expect(receiver.at('/issues')).toHaveLength(4);
  });

  it('sends notes and merge requests, and routes confidential items only to hooks that asked for them', async () => {
    const projectId = await newProject('conf');
    await addHook(`projects/${projectId}`, '/plain', {
      issues_events: true,
      note_events: true,
      merge_requests_events: true,
    });
    await addHook(`projects/${projectId}`, '/conf', {
      confidential_issues_events: true,
      confidential_note_events: true,
    });
    const secret = await api('POST', `/projects/${projectId}/issues`, 'owner', { title: 'Secret', confidential: true });
    const open = await api('POST', `/projects/${projectId}/issues`, 'owner', { title: 'Open' });
    await api('POST', `/projects/${projectId}/issues/${open.json().iid}/notes`, 'owner', { body: 'Public note' });
    await api('POST', `/projects/${projectId}/issues/${secret.json().iid}/notes`, 'owner', { body: 'On a secret' });
    await api('POST', `/projects/${projectId}/issues/${open.json().iid}/notes`, 'owner', {
      body: 'Inner',
      internal: true,
    });
    const mr = await openMergeRequest(api, projectId, 'owner', { title: 'Feature', source_branch: 'feature' });
    await api('PUT', `/projects/${projectId}/merge_requests/${mr.iid}`, 'owner', { state_event: 'close' });
    await deliver();
    const plain = receiver.at('/plain');
    const conf = receiver.at('/conf');
    for (const r of [...plain, ...conf]) expectShape(r);
    expect(plain.map((r) => [r.headers['x-gitlab-event'], r.body.object_kind])).toEqual([
      ['Issue Hook', 'issue'],
      ['Note Hook', 'note'],
      ['Merge Request Hook', 'merge_request'],
      ['Merge Request Hook', 'merge_request'],
    ]);
    expect(conf.map((r) => r.headers['x-gitlab-event'])).toEqual([
      'Confidential Issue Hook',
      'Confidential Note Hook',
      'Confidential Note Hook',
    ]);
    expect(conf[0]?.body).toMatchObject({
      event_type: 'confidential_issue',
      object_attributes: { confidential: true },
    });
    expect(plain[1]?.body).toMatchObject({
      event_type: 'note',
      project_id: projectId,
      object_attributes: { note: 'Public note', noteable_type: 'Issue', action: 'create' },
      issue: { iid: open.json().iid, title: 'Open' },
    });
    expect(conf[2]?.body).toMatchObject({ event_type: 'confidential_note', object_attributes: { internal: true } });
    expect(plain[2]?.body).toMatchObject({
      object_attributes: {
        title: 'Feature',
        source_branch: 'feature',
        target_branch: 'main',
        action: 'open',
        state: 'opened',
      },
    });
    expect(plain[3]?.body).toMatchObject({ object_attributes: { action: 'close', state: 'closed' } });
  });

  it("sends a subproject's events to the hooks of every group above it", async () => {
    const projectId = await newProject('grouped');
    await addHook(`groups/${groupId}`, '/top-group', { issues_events: true });
    await addHook(`groups/${subId}`, '/sub-group', { issues_events: true });
    await api('POST', `/projects/${projectId}/issues`, 'owner', { title: 'Seen by groups' });
    await deliver();
    for (const path of ['/top-group', '/sub-group']) {
      const got = receiver.at(path);
      expect(got.map((r) => (r.body.object_attributes as { title: string }).title)).toContain('Seen by groups');
      const one = got.find((r) => (r.body.object_attributes as { title: string }).title === 'Seen by groups');
      expect(one?.body.project).toMatchObject({ id: projectId });
    }
    // One event, one UUID across the hooks it went to.
    const uuids = new Set(
      ['/top-group', '/sub-group'].map(
        (p) =>
          receiver.at(p).find((r) => (r.body.object_attributes as { title: string }).title === 'Seen by groups')
            ?.headers['x-gitlab-event-uuid'],
      ),
    );
    expect(uuids.size).toBe(1);
    // A group hook's test takes the newest issue of the group's projects.
    const topHook = await t.db
      .selectFrom('web_hooks')
      .select('id')
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    const tested = await api('POST', `/groups/${groupId}/hooks/${topHook.id}/test/issues_events`, 'owner');
    expect(tested.statusCode, tested.body).toBe(201);
    expect(receiver.at('/top-group').at(-1)?.body.object_attributes).toMatchObject({ title: 'Seen by groups' });
    await t.db.deleteFrom('web_hooks').where('group_id', 'in', [groupId, subId]).execute();
  });

  it('retries a failed delivery with the same X-Gitlab-Event-UUID, and follows no redirect', async () => {
    const projectId = await newProject('retry');
    await addHook(`projects/${projectId}`, '/retry', { issues_events: true });
    receiver.answer({ status: 500 }, { status: 302, location: receiver.url('/elsewhere') });
    await api('POST', `/projects/${projectId}/issues`, 'owner', { title: 'Retried' });
    await deliver();
    expect(receiver.at('/retry')).toHaveLength(1);
    const dueNow = () => t.db.updateTable('web_hook_deliveries').set({ next_attempt_at: sql<Date>`now()` }).execute();
    await dueNow();
    await deliver();
    await dueNow();
    await deliver();
    const got = receiver.at('/retry');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['x-gitlab-event-uuid'])).size).toBe(1);
    expect(new Set(got.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(receiver.at('/elsewhere')).toHaveLength(0);
    await dueNow();
    await deliver();
    expect(receiver.at('/retry')).toHaveLength(3);
  });

  it('refuses at delivery time a hook whose address became local while the setting is off, logging why', async () => {
    const projectId = await newProject('ssrf');
    const hook = await addHook(`projects/${projectId}`, '/ssrf', { issues_events: true });
    await api('PUT', '/application/settings', 'admin', { allow_local_requests_from_web_hooks_and_services: false });
    try {
      await api('POST', `/projects/${projectId}/issues`, 'owner', { title: 'Blocked' });
      await deliver();
    } finally {
      await api('PUT', '/application/settings', 'admin', { allow_local_requests_from_web_hooks_and_services: true });
    }
    expect(receiver.at('/ssrf')).toHaveLength(0);
    const logs = (await api('GET', `/projects/${projectId}/hooks/${hook.id}/events`, 'owner')).json();
    expect(logs[0]).toMatchObject({
      response_status: 'internal error',
      internal_error_message: 'Requests to loopback addresses are not allowed',
    });
  });

  it('disables a hook temporarily after 4 consecutive failures; a successful test re-enables it; resend sends a logged event again', async () => {
    const projectId = await newProject('failing');
    const hook = await addHook(`projects/${projectId}`, '/failing', { issues_events: true, note_events: true });
    receiver.answer({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    for (const title of ['a', 'b', 'c', 'd', 'e']) {
      await api('POST', `/projects/${projectId}/issues`, 'owner', { title });
    }
    await deliver();
    expect(receiver.at('/failing')).toHaveLength(4);
    const disabled = (await api('GET', `/projects/${projectId}/hooks/${hook.id}`, 'owner')).json();
    expect(disabled.alert_status).toBe('temporarily_disabled');
    expect(Date.parse(disabled.disabled_until)).toBeGreaterThan(Date.now());
    // While disabled, new events are not queued for it (GitLab's executable scope).
    await api('POST', `/projects/${projectId}/issues`, 'owner', { title: 'while disabled' });
    await deliver();
    expect(receiver.at('/failing')).toHaveLength(4);

    const bad = await api('POST', `/projects/${projectId}/hooks/${hook.id}/test/pipeline_events`, 'owner');
    expect(bad.statusCode).toBe(400);
    const noNotes = await api('POST', `/projects/${projectId}/hooks/${hook.id}/test/note_events`, 'owner');
    expect(noNotes.statusCode).toBe(422);
    expect(noNotes.json()).toEqual({ message: 'Ensure the project has notes.' });

    const test = await api('POST', `/projects/${projectId}/hooks/${hook.id}/test/issues_events`, 'owner');
    expect(test.statusCode, test.body).toBe(201);
    expect(test.json()).toEqual({ message: '201 Created' });
    const tested = receiver.at('/failing').at(-1);
    expect(tested?.headers['x-gitlab-event']).toBe('Issue Hook');
    expect(tested?.body.object_attributes).toMatchObject({ title: 'while disabled', action: 'open' });
    const enabled = (await api('GET', `/projects/${projectId}/hooks/${hook.id}`, 'owner')).json();
    expect(enabled).toMatchObject({ alert_status: 'executable', disabled_until: null });

    receiver.answer({ status: 503 });
    const failedTest = await api(
      'POST',
      `/projects/${projectId}/hooks/${hook.id}/test/confidential_issues_events`,
      'owner',
    );
    expect(failedTest.statusCode).toBe(422);
    expect(failedTest.json()).toEqual({ message: 'Hook executed successfully but returned HTTP 503' });
    expect(receiver.at('/failing').at(-1)?.headers['x-gitlab-event']).toBe('Confidential Issue Hook');

    const logs = (await api('GET', `/projects/${projectId}/hooks/${hook.id}/events?per_page=2`, 'owner')).json();
    expect(logs).toHaveLength(2);
    expect(logs[0].response_status).toBe('503');
    const resent = await api('POST', `/projects/${projectId}/hooks/${hook.id}/events/${logs[0].id}/resend`, 'owner');
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toEqual({ response_status: 200 });
    const last = receiver.at('/failing').at(-1);
    expect(last?.headers['idempotency-key']).toBe(logs[0].request_headers['Idempotency-Key']);
    expect(last?.body).toEqual(logs[0].request_data);
    expect(
      (await api('POST', `/projects/${projectId}/hooks/${hook.id}/events/999999/resend`, 'owner')).statusCode,
    ).toBe(404);
  });
});
