import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { useGroupProjectApp } from '../../test/group-project-app';
import type { ReceivedEmail } from '../../test/smtp-sink';
import { deliveredSince, useSmtpSink } from '../../test/use-smtp-sink';

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

const recipients = (emails: ReceivedEmail[]) => emails.flatMap((e) => e.to).sort();
const address = (who: string) => `mail-${who}@example.com`;

/** The emails `write` causes: what arrives since it started, once the outbox has drained. */
async function mailsFrom(write: () => Promise<unknown>): Promise<ReceivedEmail[]> {
  const mark = sink.received.length;
  await write();
  return deliveredSince(t.db, sink, mark);
}

/** Lets the outbox drain what earlier writes queued, so the next `mailsFrom` sees only its own. */
const settle = () => mailsFrom(async () => undefined);

/** Sends `body` to `path` as `who`; the answer must be `status`. */
async function send(method: 'POST' | 'PUT', path: string, who: string, body: object, status: number) {
  const res = await api(method, path, who, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { id: number; iid: number };
}

const newIssue = (body: object = {}) =>
  send('POST', `/projects/${t.projectId}/issues`, 'author', { title: 'Work', ...body }, 201);
const comment = (iid: number, who: string, body: string, extra: object = {}) =>
  send('POST', `/projects/${t.projectId}/issues/${iid}/notes`, who, { body, ...extra }, 201);
const updateIssue = (iid: number, body: object) =>
  send('PUT', `/projects/${t.projectId}/issues/${iid}`, 'author', body, 200);
const updateMergeRequest = (iid: number, body: object) =>
  send('PUT', `/projects/${t.projectId}/merge_requests/${iid}`, 'author', body, 200);

describe('email notifications over a real SMTP server', () => {
  it('a new issue mails the project watcher only; a comment mentioning users mails them by their levels', async () => {
    let issue = { id: 0, iid: 0 };
    const created = await mailsFrom(async () => {
      issue = await newIssue({ title: 'Ship the mailer' });
    });
    expect(recipients(created)).toEqual([address('erin')]);
    expect(created[0]?.parsed.subject).toBe(`app | Ship the mailer (#${issue.iid})`);
    expect(created[0]?.parsed.messageId).toBe(`<issue_${issue.id}@localhost>`);
    expect(created[0]?.from).toBe('notify@example.com');

    const text = 'Could @mail-bob, @mail-frank, @mail-dave, @mail-quiet and @mail-outsider look?';
    let note = { id: 0 };
    const emails = await mailsFrom(async () => {
      note = await comment(issue.iid, 'author', text);
    });
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
    await settle();
    const later = await mailsFrom(() => comment(issue.iid, 'frank', 'Me too, without mentioning anyone'));
    // bob took part (commented); the author too; dave is assignee but disabled; erin watches.
    expect(recipients(later)).toEqual([address('author'), address('bob'), address('erin')]);
    const closed = await mailsFrom(() => updateIssue(issue.iid, { state_event: 'close' }));
    // frank commented but his level is mention: a close is not a mention.
    expect(recipients(closed)).toEqual([address('bob'), address('erin')]);
    expect(closed[0]?.parsed.text).toContain('Issue was closed by');
  });

  it('nobody hears of a confidential issue they cannot read, nor of an internal note below Reporter', async () => {
    const issue = await newIssue({ title: 'Secret', confidential: true });
    await settle();
    const pinged = await mailsFrom(() => comment(issue.iid, 'author', 'Ping @mail-carol and @mail-bob'));
    // carol is a Guest: she cannot read a confidential issue; erin (Developer) watches the project.
    expect(recipients(pinged)).toEqual([address('bob'), address('erin')]);

    const open = await newIssue({ title: 'Open' });
    await settle();
    const internal = await mailsFrom(() =>
      comment(open.iid, 'author', 'Internal: @mail-carol @mail-bob', { internal: true }),
    );
    expect(recipients(internal)).toEqual([address('bob'), address('erin')]);
    expect(internal[0]?.parsed.text).toContain('added an internal note:');
  });

  it('an explicit unsubscribe stops a participant, a subscription reaches a user at the disabled level', async () => {
    const issue = await newIssue({ title: 'Subscriptions' });
    await comment(issue.iid, 'bob', 'first');
    await settle();
    expect((await api('POST', `/projects/${t.projectId}/issues/${issue.iid}/unsubscribe`, 'bob')).statusCode).toBe(201);
    expect((await api('POST', `/projects/${t.projectId}/issues/${issue.iid}/subscribe`, 'dave')).statusCode).toBe(201);
    const second = await mailsFrom(() => comment(issue.iid, 'author', 'second'));
    expect(recipients(second)).toEqual([address('dave'), address('erin')]);
  });

  it('reassigning mails the old and new assignees; new mentions in an edited description mail only them', async () => {
    const issue = await newIssue({ title: 'Reassign', assignee_ids: [uid.bob] });
    await settle();
    const reassigned = await mailsFrom(() => updateIssue(issue.iid, { assignee_ids: [uid.frank] }));
    // bob was assigned (participant); frank's level is mention; erin watches.
    expect(recipients(reassigned)).toEqual([address('bob'), address('erin')]);
    expect(reassigned[0]?.parsed.text).toContain('changed the assignees to @mail-frank');

    const mentioned = await mailsFrom(() => updateIssue(issue.iid, { description: 'Now for @mail-quiet' }));
    expect(recipients(mentioned)).toEqual([address('quiet')]);
    expect(mentioned[0]?.parsed.text).toContain('mentioned you in issue');
  });

  it('a comment on an epic mails the mentioned, with the group and &iid in the subject', async () => {
    const { id, iid } = await send('POST', `/groups/${t.groupId}/epics`, 'author', { title: 'Roadmap' }, 201);
    const emails = await mailsFrom(() =>
      send('POST', `/groups/${t.groupId}/epics/${id}/notes`, 'author', { body: 'See @mail-bob' }, 201),
    );
    // erin watches the project, not the group: an epic is the group's.
    expect(recipients(emails)).toEqual([address('bob')]);
    expect(emails[0]?.parsed.subject).toBe(`Re: Mail | Roadmap (&${iid})`);
    expect(emails[0]?.parsed.text).toContain(`/groups/mail/-/epics/${iid}#note_`);
  });

  it('merge requests: a new one mails its assignee and the watcher, a close and a reassignment too', async () => {
    let mr = { id: 0, iid: 0 };
    const opened = await mailsFrom(async () => {
      mr = await openMergeRequest(api, t.projectId, 'author', {
        title: 'Add mailer',
        source_branch: 'mailer',
        assignee_ids: [uid.bob],
        description: 'Review please @mail-quiet',
      });
    });
    expect(recipients(opened)).toEqual([address('bob'), address('erin'), address('quiet')]);
    expect(opened[0]?.parsed.subject).toBe(`app | Add mailer (!${mr.iid})`);
    expect(opened[0]?.parsed.messageId).toBe(`<merge_request_${mr.id}@localhost>`);
    expect(opened[0]?.parsed.text).toContain(`/mail/app/-/merge_requests/${mr.iid}`);

    const reassigned = await mailsFrom(() => updateMergeRequest(mr.iid, { assignee_ids: [uid.erin] }));
    expect(recipients(reassigned)).toEqual([address('bob'), address('erin')]);

    const closing = await mailsFrom(() => updateMergeRequest(mr.iid, { state_event: 'close' }));
    // bob is no longer assigned and never took part otherwise; erin is the assignee (and watches).
    expect(recipients(closing)).toEqual([address('erin')]);
    expect(closing[0]?.parsed.text).toContain('Merge request was closed by');
  });

  it('a comment on a merge request mails its participants and the mentioned, with !iid in the subject', async () => {
    const mr = await openMergeRequest(api, t.projectId, 'author', { title: 'Talk about it', source_branch: 'talk' });
    await settle();
    const emails = await mailsFrom(() =>
      send(
        'POST',
        `/projects/${t.projectId}/merge_requests/${mr.iid}/notes`,
        'bob',
        { body: 'Looks fine, @mail-carol?' },
        201,
      ),
    );
    // The author takes part; carol is mentioned; erin watches the project; bob wrote it.
    expect(recipients(emails)).toEqual([address('author'), address('carol'), address('erin')]);
    expect(emails[0]?.parsed.subject).toBe(`Re: app | Talk about it (!${mr.iid})`);
    expect(emails[0]?.parsed.text).toContain(`/mail/app/-/merge_requests/${mr.iid}#note_`);
  });

  it('nothing a user typed becomes markup in the HTML part', async () => {
    const issue = await newIssue({ title: '<img src=x onerror=alert(1)>' });
    await settle();
    const [email] = await mailsFrom(() =>
      comment(
        issue.iid,
        'author',
        '@mail-bob <script>alert(1)</script> [x](javascript:alert(1)) <b onclick="x()">b</b>',
      ),
    );
    const html = String(email?.parsed.html);
    expect(html).not.toMatch(/<script|onerror=|onclick=|javascript:/i);
    expect(email?.parsed.subject).toContain('<img src=x onerror=alert(1)>');
  });
});
