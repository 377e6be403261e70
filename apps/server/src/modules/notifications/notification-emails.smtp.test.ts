import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { useGroupProjectApp } from '../../test/group-project-app';
import type { ReceivedEmail } from '../../test/smtp-sink';
import { deliveredSince as delivered, useSmtpSink } from '../../test/use-smtp-sink';

/**
 * Email notifications end to end (issue 12): the real app with SMTP_URL pointing at a real SMTP
 * server started here; writes through the REST API queue emails that the app's own outbox worker
 * delivers. Who gets what follows GitLab's rules (packages/domain/src/notifications).
 */
const env: Record<string, string> = { SMTP_POLL_INTERVAL_MS: '50', SMTP_FROM: 'Meridian <notify@example.com>' };
const sink = useSmtpSink(env);

const t = useGroupProjectApp(
  {
    group: 'mail',
    name: 'Mail',
    prefix: 'mail-',
    members: {
      author: AccessLevel.DEVELOPER,
      bob: AccessLevel.REPORTER,
      carol: AccessLevel.GUEST,
      dave: AccessLevel.DEVELOPER,
      erin: AccessLevel.DEVELOPER,
      frank: AccessLevel.DEVELOPER,
      quiet: AccessLevel.DEVELOPER,
    },
    outsiders: ['outsider'],
  },
  env,
);
const { api, uid } = t;

beforeAll(async () => {
  const put = async (who: string, path: string, body: object) => {
    const res = await api('PUT', path, who, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  await put('dave', '/notification_settings', { level: 'disabled' });
  await put('erin', `/projects/${t.projectId}/notification_settings`, { level: 'watch' });
  await put('frank', `/groups/${t.groupId}/notification_settings`, { level: 'mention' });
  await put('quiet', '/notification_settings', { level: 'mention' });
});

const deliveredSince = (mark: number) => delivered(t.db, sink, mark);

const recipients = (emails: ReceivedEmail[]) => emails.flatMap((e) => e.to).sort();
const address = (who: string) => `mail-${who}@example.com`;

async function newIssue(body: object = {}) {
  const res = await api('POST', `/projects/${t.projectId}/issues`, 'author', { title: 'Work', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; iid: number };
}

async function comment(iid: number, who: string, body: string, extra: object = {}) {
  const res = await api('POST', `/projects/${t.projectId}/issues/${iid}/notes`, who, { body, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('email notifications over a real SMTP server', () => {
  it('a new issue mails the project watcher only; a comment mentioning users mails them by their levels', async () => {
    let mark = sink.received.length;
    const issue = await newIssue({ title: 'Ship the mailer' });
    const created = await deliveredSince(mark);
    expect(recipients(created)).toEqual([address('erin')]);
    expect(created[0]?.parsed.subject).toBe(`app | Ship the mailer (#${issue.iid})`);
    expect(created[0]?.parsed.messageId).toBe(`<issue_${issue.id}@localhost>`);
    expect(created[0]?.from).toBe('notify@example.com');

    mark = sink.received.length;
    const text = 'Could @mail-bob, @mail-frank, @mail-dave, @mail-quiet and @mail-outsider look?';
    const note = await comment(issue.iid, 'author', text);
    const emails = await deliveredSince(mark);
    // bob: mentioned; frank and quiet: mention level, mentioned; erin: watcher; dave: disabled;
    // the outsider cannot read the private project; the author never gets their own activity.
    expect(recipients(emails)).toEqual([address('bob'), address('erin'), address('frank'), address('quiet')]);
    const first = emails[0]?.parsed;
    expect(first?.subject).toBe(`Re: app | Ship the mailer (#${issue.iid})`);
    expect(first?.text).toContain('commented:');
    expect(first?.text).toContain(text);
    expect(first?.text).toContain(`/mail/app/-/issues/${issue.iid}#note_${note.id}`);
    expect(first?.inReplyTo).toBe(`<issue_${issue.id}@localhost>`);
    expect(first?.messageId).toBe(`<note_${note.id}@localhost>`);
    expect(first?.headerLines.map((h) => h.key)).toContain('list-unsubscribe');
    expect(first?.html).toContain('@mail-bob');
  });

  it('participants hear of later comments and the close; a disabled assignee and a mention-level one do not', async () => {
    const issue = await newIssue({ title: 'Participate', assignee_ids: [uid.dave] });
    await comment(issue.iid, 'bob', 'I am on it');
    let mark = sink.received.length;
    await deliveredSince(mark);
    mark = sink.received.length;
    await comment(issue.iid, 'frank', 'Me too, without mentioning anyone');
    // bob took part (commented); the author too; dave is assignee but disabled; erin watches.
    expect(recipients(await deliveredSince(mark))).toEqual([address('author'), address('bob'), address('erin')]);
    mark = sink.received.length;
    const res = await api('PUT', `/projects/${t.projectId}/issues/${issue.iid}`, 'author', { state_event: 'close' });
    expect(res.statusCode, res.body).toBe(200);
    const closed = await deliveredSince(mark);
    // frank commented but his level is mention: a close is not a mention.
    expect(recipients(closed)).toEqual([address('bob'), address('erin')]);
    expect(closed[0]?.parsed.text).toContain('Issue was closed by');
  });

  it('nobody hears of a confidential issue they cannot read, nor of an internal note below Reporter', async () => {
    const issue = await newIssue({ title: 'Secret', confidential: true });
    let mark = sink.received.length;
    await deliveredSince(mark);
    mark = sink.received.length;
    await comment(issue.iid, 'author', 'Ping @mail-carol and @mail-bob');
    // carol is a Guest: she cannot read a confidential issue; erin (Developer) watches the project.
    expect(recipients(await deliveredSince(mark))).toEqual([address('bob'), address('erin')]);

    const open = await newIssue({ title: 'Open' });
    await deliveredSince(sink.received.length);
    mark = sink.received.length;
    await comment(open.iid, 'author', 'Internal: @mail-carol @mail-bob', { internal: true });
    const internal = await deliveredSince(mark);
    expect(recipients(internal)).toEqual([address('bob'), address('erin')]);
    expect(internal[0]?.parsed.text).toContain('added an internal note:');
  });

  it('an explicit unsubscribe stops a participant, a subscription reaches a user at the disabled level', async () => {
    const issue = await newIssue({ title: 'Subscriptions' });
    await comment(issue.iid, 'bob', 'first');
    await deliveredSince(sink.received.length);
    expect((await api('POST', `/projects/${t.projectId}/issues/${issue.iid}/unsubscribe`, 'bob')).statusCode).toBe(201);
    expect((await api('POST', `/projects/${t.projectId}/issues/${issue.iid}/subscribe`, 'dave')).statusCode).toBe(201);
    const mark = sink.received.length;
    await comment(issue.iid, 'author', 'second');
    expect(recipients(await deliveredSince(mark))).toEqual([address('dave'), address('erin')]);
  });

  it('reassigning mails the old and new assignees; new mentions in an edited description mail only them', async () => {
    const issue = await newIssue({ title: 'Reassign', assignee_ids: [uid.bob] });
    await deliveredSince(sink.received.length);
    let mark = sink.received.length;
    const res = await api('PUT', `/projects/${t.projectId}/issues/${issue.iid}`, 'author', {
      assignee_ids: [uid.frank],
    });
    expect(res.statusCode, res.body).toBe(200);
    const reassigned = await deliveredSince(mark);
    // bob was assigned (participant); frank's level is mention; erin watches.
    expect(recipients(reassigned)).toEqual([address('bob'), address('erin')]);
    expect(reassigned[0]?.parsed.text).toContain('changed the assignees to @mail-frank');

    mark = sink.received.length;
    const edit = await api('PUT', `/projects/${t.projectId}/issues/${issue.iid}`, 'author', {
      description: 'Now for @mail-quiet',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const mentioned = await deliveredSince(mark);
    expect(recipients(mentioned)).toEqual([address('quiet')]);
    expect(mentioned[0]?.parsed.text).toContain('mentioned you in issue');
  });

  it('a comment on an epic mails the mentioned, with the group and &iid in the subject', async () => {
    const epic = await api('POST', `/groups/${t.groupId}/epics`, 'author', { title: 'Roadmap' });
    expect(epic.statusCode, epic.body).toBe(201);
    const { id, iid } = epic.json() as { id: number; iid: number };
    const mark = sink.received.length;
    const res = await api('POST', `/groups/${t.groupId}/epics/${id}/notes`, 'author', { body: 'See @mail-bob' });
    expect(res.statusCode, res.body).toBe(201);
    const emails = await deliveredSince(mark);
    // erin watches the project, not the group: an epic is the group's.
    expect(recipients(emails)).toEqual([address('bob')]);
    expect(emails[0]?.parsed.subject).toBe(`Re: Mail | Roadmap (&${iid})`);
    expect(emails[0]?.parsed.text).toContain(`/groups/mail/-/epics/${iid}#note_`);
  });

  it('merge requests: a new one mails its assignee and the watcher, a close and a reassignment too', async () => {
    let mark = sink.received.length;
    const mr = await openMergeRequest(api, t.projectId, 'author', {
      title: 'Add mailer',
      source_branch: 'mailer',
      assignee_ids: [uid.bob],
      description: 'Review please @mail-quiet',
    });
    const opened = await deliveredSince(mark);
    expect(recipients(opened)).toEqual([address('bob'), address('erin'), address('quiet')]);
    expect(opened[0]?.parsed.subject).toBe(`app | Add mailer (!${mr.iid})`);
    expect(opened[0]?.parsed.messageId).toBe(`<merge_request_${mr.id}@localhost>`);
    expect(opened[0]?.parsed.text).toContain(`/mail/app/-/merge_requests/${mr.iid}`);

    mark = sink.received.length;
    const reassigned = await api('PUT', `/projects/${t.projectId}/merge_requests/${mr.iid}`, 'author', {
      assignee_ids: [uid.erin],
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(recipients(await deliveredSince(mark))).toEqual([address('bob'), address('erin')]);

    mark = sink.received.length;
    const closed = await api('PUT', `/projects/${t.projectId}/merge_requests/${mr.iid}`, 'author', {
      state_event: 'close',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const closing = await deliveredSince(mark);
    // bob is no longer assigned and never took part otherwise; erin is the assignee (and watches).
    expect(recipients(closing)).toEqual([address('erin')]);
    expect(closing[0]?.parsed.text).toContain('Merge request was closed by');
  });

  it('a comment on a merge request mails its participants and the mentioned, with !iid in the subject', async () => {
    const mr = await openMergeRequest(api, t.projectId, 'author', { title: 'Talk about it', source_branch: 'talk' });
    await deliveredSince(sink.received.length);
    const mark = sink.received.length;
    const res = await api('POST', `/projects/${t.projectId}/merge_requests/${mr.iid}/notes`, 'bob', {
      body: 'Looks fine, @mail-carol?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const emails = await deliveredSince(mark);
    // The author takes part; carol is mentioned; erin watches the project; bob wrote it.
    expect(recipients(emails)).toEqual([address('author'), address('carol'), address('erin')]);
    expect(emails[0]?.parsed.subject).toBe(`Re: app | Talk about it (!${mr.iid})`);
    expect(emails[0]?.parsed.text).toContain(`/mail/app/-/merge_requests/${mr.iid}#note_`);
  });

  it('nothing a user typed becomes markup in the HTML part', async () => {
    const issue = await newIssue({ title: '<img src=x onerror=alert(1)>' });
    await deliveredSince(sink.received.length);
    const mark = sink.received.length;
    await comment(
      issue.iid,
      'author',
      '@mail-bob <script>alert(1)</script> [x](javascript:alert(1)) <b onclick="x()">b</b>',
    );
    const [email] = await deliveredSince(mark);
    const html = String(email?.parsed.html);
    expect(html).not.toMatch(/<script|onerror=|onclick=|javascript:/i);
    expect(email?.parsed.subject).toContain('<img src=x onerror=alert(1)>');
  });
});
