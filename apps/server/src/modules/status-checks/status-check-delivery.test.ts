import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { startStatusCheckWorker } from './status-check-worker';

/**
 * IE-83: a merge request's payload reaches each external status check of its project through the
 * outbox, signed with the check's secret; the service's answers make the check passed or failed,
 * a failed check is retried (back to pending, sent again), and a URL the SSRF guard refuses at send
 * time is never called and fails the check.
 */
const t = useRestTestApp({
  prefix: 'scd_',
  users: ['maint', 'dev'],
  admins: ['admin'],
  groups: { acme: { path: 'scdacme' } },
  projects: {
    web: { path: 'web', group: 'acme', members: { maint: AccessLevel.MAINTAINER, dev: AccessLevel.DEVELOPER } },
  },
});
const { api, pid } = t;
let receiver: WebhookReceiver;

const SECRET = 'shh-its-a-secret';
const SHA = 'c'.repeat(40);

const setLocalRequests = async (on: boolean) => {
  const res = await api('PUT', '/application/settings', 'admin', {
    allow_local_requests_from_web_hooks_and_services: on,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  await setLocalRequests(true);
});
afterAll(() => receiver?.close());

const send = async () => {
  await t.app.statusCheckWorker?.pollNow();
};

async function addCheck(name: string, path: string, secret?: string) {
  const res = await api('POST', `/projects/${pid.web}/external_status_checks`, 'maint', {
    name,
    external_url: receiver.url(path),
    ...(secret ? { shared_secret: secret } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; external_url: string };
}

/** A merge request in `web` from a branch named after `title`; its iid. */
async function openTitled(title: string): Promise<number> {
  const source_branch = `feature-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (await openMergeRequest(api, pid.web, 'dev', { title, source_branch })).iid;
}

const statuses = async (iid: number) => {
  const res = await api('GET', `/projects/${pid.web}/merge_requests/${iid}/status_checks`, 'dev');
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json() as Array<{ name: string; status: string }>).map((c) => [c.name, c.status]));
};

const respond = (iid: number, checkId: number, status: string) =>
  api('POST', `/projects/${pid.web}/merge_requests/${iid}/status_check_responses`, 'dev', {
    external_status_check_id: checkId,
    sha: SHA,
    status,
  });

const retry = (iid: number, checkId: number, who = 'dev') =>
  api('POST', `/projects/${pid.web}/merge_requests/${iid}/status_checks/${checkId}/retry`, who);

describe('status check delivery', () => {
  it('sends the merge request payload with external_approval_rule, signed with X-GitLab-Signature', async () => {
    const signed = await addCheck('Signed', '/signed', SECRET);
    const plain = await addCheck('Plain', '/plain');
    const iid = await openTitled('Signed payload');
    await send();

    const [got] = receiver.at('/signed');
    expect(got).toBeDefined();
    const hook = got as NonNullable<typeof got>;
    expect(hook.headers['content-type']).toBe('application/json');
    const expected = createHmac('sha256', SECRET).update(hook.raw).digest('hex');
    expect(hook.headers['x-gitlab-signature']).toBe(expected);
    expect(hook.body).toMatchObject({
      object_kind: 'merge_request',
      event_type: 'merge_request',
      object_attributes: { iid, action: 'open', target_branch: 'main' },
      external_approval_rule: { id: signed.id, name: 'Signed', external_url: receiver.url('/signed') },
    });

    const [unsigned] = receiver.at('/plain');
    expect(unsigned?.headers['x-gitlab-signature']).toBeUndefined();
    expect(unsigned?.body.external_approval_rule).toEqual({
      id: plain.id,
      name: 'Plain',
      external_url: receiver.url('/plain'),
    });

    // An update is sent again; a close is not (GitLab sends on open, update and reopen).
    receiver.reset();
    await api('PUT', `/projects/${pid.web}/merge_requests/${iid}`, 'dev', { title: 'Signed payload v2' });
    await send();
    expect(receiver.at('/signed').map((r) => (r.body.object_attributes as { action: string }).action)).toEqual([
      'update',
    ]);
    receiver.reset();
    await api('PUT', `/projects/${pid.web}/merge_requests/${iid}`, 'dev', { state_event: 'close' });
    await send();
    expect(receiver.at('/signed')).toHaveLength(0);
    await api('PUT', `/projects/${pid.web}/merge_requests/${iid}`, 'dev', { state_event: 'reopen' });
    await send();
    expect(receiver.at('/signed').map((r) => (r.body.object_attributes as { action: string }).action)).toEqual([
      'reopen',
    ]);

    await api('DELETE', `/projects/${pid.web}/external_status_checks/${signed.id}`, 'maint');
    await api('DELETE', `/projects/${pid.web}/external_status_checks/${plain.id}`, 'maint');
    receiver.reset();
  });

  it('goes pending → passed / failed with the service’s answers, and retries only a failed check', async () => {
    const check = await addCheck('Flow', '/flow', SECRET);
    const iid = await openTitled('Answer flow');
    await send();
    expect(receiver.at('/flow')).toHaveLength(1);
    expect(await statuses(iid)).toEqual({ Flow: 'pending' });

    // Only a failed check is retried, with GitLab's 422.
    const early = await retry(iid, check.id);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ message: 'External status check must be failed' });

    const passed = await respond(iid, check.id, 'passed');
    expect(passed.statusCode, passed.body).toBe(201);
    expect(passed.json()).toMatchObject({
      id: expect.any(Number),
      merge_request: { iid, project_id: pid.web, title: 'Answer flow' },
      external_status_check: { id: check.id, name: 'Flow', hmac: true, protected_branches: [] },
    });
    expect(passed.json().external_status_check).not.toHaveProperty('shared_secret');
    expect(await statuses(iid)).toEqual({ Flow: 'passed' });
    expect((await retry(iid, check.id)).statusCode).toBe(422);

    expect((await respond(iid, check.id, 'failed')).statusCode).toBe(201);
    expect(await statuses(iid)).toEqual({ Flow: 'failed' });

    receiver.reset();
    const retried = await retry(iid, check.id);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toEqual({ message: '202 Accepted' });
    expect(await statuses(iid)).toEqual({ Flow: 'pending' });
    await send();
    const [again] = receiver.at('/flow');
    expect(again?.body).toMatchObject({ object_kind: 'merge_request', external_approval_rule: { id: check.id } });
    expect(again?.body.object_attributes).not.toHaveProperty('action');
    expect(again?.headers['x-gitlab-signature']).toBe(
      createHmac('sha256', SECRET)
        .update(again?.raw ?? '')
        .digest('hex'),
    );
    // Pending again: a second retry is refused until the check fails again.
    expect((await retry(iid, check.id)).statusCode).toBe(422);

    await api('DELETE', `/projects/${pid.web}/external_status_checks/${check.id}`, 'maint');
    receiver.reset();
  });

  it('never calls a URL the SSRF guard refuses at send time, fails the check, and a retry sends it once allowed', async () => {
    const check = await addCheck('Guarded', '/guarded');
    await setLocalRequests(false);
    let iid = 0;
    try {
      iid = await openTitled('Blocked at send');
      await send();
      expect(receiver.at('/guarded')).toHaveLength(0);
      const row = await t.db
        .selectFrom('status_check_deliveries')
        .select(['failed_at', 'last_error'])
        .where('external_status_check_id', '=', check.id)
        .executeTakeFirstOrThrow();
      expect(row.failed_at).not.toBeNull();
      expect(row.last_error).toBe('URL is blocked: Requests to loopback addresses are not allowed');
      expect(await statuses(iid)).toEqual({ Guarded: 'failed' });
    } finally {
      await setLocalRequests(true);
    }
    expect((await retry(iid, check.id)).statusCode).toBe(202);
    await send();
    expect(receiver.at('/guarded')).toHaveLength(1);
    expect(await statuses(iid)).toEqual({ Guarded: 'pending' });
    await api('DELETE', `/projects/${pid.web}/external_status_checks/${check.id}`, 'maint');
    receiver.reset();
  });

  it('retries a request the service answered with an error, later, from the outbox', async () => {
    const check = await addCheck('Flaky', '/flaky');
    receiver.answer({ status: 500 });
    const iid = await openTitled('Flaky service');
    await send();
    expect(receiver.at('/flaky')).toHaveLength(1);
    const row = await t.db
      .selectFrom('status_check_deliveries')
      .select(['id', 'attempts', 'delivered_at', 'failed_at', 'last_error'])
      .where('external_status_check_id', '=', check.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, failed_at: null });
    expect(row.last_error).toBe('Service responded with HTTP 500');
    // Due again now (the backoff is 10 s): the next poll sends it and it is delivered.
    await t.db
      .updateTable('status_check_deliveries')
      .set({ next_attempt_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    await send();
    expect(receiver.at('/flaky')).toHaveLength(2);
    const after = await t.db
      .selectFrom('status_check_deliveries')
      .select(['delivered_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.delivered_at).not.toBeNull();
    expect(await statuses(iid)).toEqual({ Flaky: 'pending' });
    await api('DELETE', `/projects/${pid.web}/external_status_checks/${check.id}`, 'maint');
  });
  it('sends each request once when two workers on the database poll at the same time', async () => {
    const check = await addCheck('Shared', '/shared');
    const iids: number[] = [];
    for (let i = 1; i <= 6; i++) iids.push(await openTitled(`Shared outbox ${i}`));
    // A second process's worker: the outbox rows are claimed with FOR UPDATE SKIP LOCKED, nothing in memory.
    const other = startStatusCheckWorker(t.db, { pollIntervalMs: 3_600_000 });
    try {
      await Promise.all([send(), other.pollNow(), send()]);
    } finally {
      await other.stop();
    }
    const got = receiver.at('/shared').map((r) => (r.body.object_attributes as { iid: number }).iid);
    expect(got.sort((a, b) => a - b)).toEqual(iids);
    await api('DELETE', `/projects/${pid.web}/external_status_checks/${check.id}`, 'maint');
    receiver.reset();
  });
});
