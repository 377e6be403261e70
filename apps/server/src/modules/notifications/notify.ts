import { type CustomNotificationEvent, extractMentions } from '@meridian/domain';
import { loadActiveActors } from '../../policy/load-actor';
import type { ServiceContext } from '../../service-context';
import type { MailSettings } from './mail-settings';
import { type EmailEvent, renderNotificationEmail } from './notification-email';
import { notificationRecipients, type RecipientQuery } from './notification-recipients';
import { type NotifyTarget, noteableNotifyTarget } from './notification-target';

/** An event that may send emails, as the write services describe it. */
export type NotifyEvent =
  | { kind: 'new_issue'; description: string }
  | { kind: 'new_note'; noteId: number; body: string; internal: boolean }
  /** New mentions in an edited description or comment: only the newly mentioned are told. */
  | { kind: 'mention'; text: string; previousText: string; internal: boolean }
  | { kind: 'reassign_issue' | 'reassign_merge_request'; previousAssigneeIds: number[]; assigneeIds: number[] }
  | { kind: 'close_issue' | 'reopen_issue' | 'close_merge_request' | 'reopen_merge_request' }
  | { kind: 'new_merge_request' | 'new_epic'; description: string }
  | { kind: 'close_epic' | 'reopen_epic' };

function recipientQuery(event: NotifyEvent): RecipientQuery {
  const base = { action: null, mentions: [], everyone: true, extraParticipantIds: [], internal: false };
  switch (event.kind) {
    case 'new_issue':
    case 'new_merge_request':
    case 'new_epic':
      return { ...base, action: event.kind, mentions: extractMentions(event.description).usernames };
    case 'new_note':
      return { ...base, action: 'new_note', mentions: extractMentions(event.body).usernames, internal: event.internal };
    case 'mention': {
      const before = new Set(extractMentions(event.previousText).usernames);
      const fresh = extractMentions(event.text).usernames.filter((u) => !before.has(u));
      return { ...base, mentions: fresh, everyone: false, internal: event.internal };
    }
    case 'reassign_issue':
    case 'reassign_merge_request':
      return {
        ...base,
        action: event.kind satisfies CustomNotificationEvent,
        extraParticipantIds: [...event.previousAssigneeIds, ...event.assigneeIds],
      };
    // GitLab has no custom-notification switch for these: participants and watchers are told.
    case 'close_epic':
    case 'reopen_epic':
      return base;
    default:
      return { ...base, action: event.kind };
  }
}

/**
 * Queues the emails an event sends: one `notification_emails` row per recipient, written with the
 * context's executor — inside the transaction of the change, so the change and its emails commit or
 * roll back together. Does nothing when the instance sends no email (`config.mail` null: SMTP_URL
 * unset) or when the item's group or one above it turned emails off (GitLab's `emails_enabled`
 * group setting). Eight statements at most, whatever the number of recipients.
 */
export async function notify(ctx: ServiceContext, target: NotifyTarget, event: NotifyEvent): Promise<void> {
  const { db, actor: author } = ctx;
  const settings = ctx.config.mail;
  if (!settings) return;
  const query = recipientQuery(event);
  if (!query.everyone && query.mentions.length === 0) return;
  if (!(await emailsEnabledIn(db, target.traversalIds))) return;
  const recipients = await notificationRecipients(db, author, target, query);
  if (recipients.length === 0) return;
  const assigneeIds = 'assigneeIds' in event ? event.assigneeIds : [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email'])
    .where('id', 'in', [...recipients, author.id, ...assigneeIds])
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  const emailEvent: EmailEvent =
    'assigneeIds' in event
      ? { kind: event.kind, assignees: assigneeIds.flatMap((id) => byId.get(id)?.username ?? []) }
      : event;
  const authorName = byId.get(author.id)?.name ?? author.username;
  const email = renderNotificationEmail(settings, target, emailEvent, authorName);
  await queueEmails(
    db,
    recipients.flatMap((id) => byId.get(id) ?? []),
    email,
  );
}

/** Whether none of these namespaces (an item's group or project namespace and those above) turned emails off. */
async function emailsEnabledIn(db: ServiceContext['db'], traversalIds: number[]): Promise<boolean> {
  if (traversalIds.length === 0) return true;
  const off = await db
    .selectFrom('namespaces')
    .select('id')
    .where('id', 'in', traversalIds)
    .where('emails_enabled', '=', false)
    .limit(1)
    .executeTakeFirst();
  return off === undefined;
}

/** One outbox row per user with an email address, all with the same email. */
async function queueEmails(
  db: ServiceContext['db'],
  users: { id: number; email: string | null }[],
  email: ReturnType<typeof renderNotificationEmail>,
): Promise<void> {
  const rows = users.flatMap((user) =>
    user.email
      ? [
          {
            user_id: user.id,
            to_address: user.email,
            subject: email.subject,
            text_body: email.text,
            html_body: email.html,
            headers: JSON.stringify(email.headers),
          },
        ]
      : [],
  );
  if (rows.length) await db.insertInto('notification_emails').values(rows).execute();
}

/**
 * Emails the users an escalation rule pages about an incident (no notification level applies: a
 * page is always sent), those of them who may read it and are active. Nothing without SMTP.
 */
export async function notifyPaged(
  db: ServiceContext['db'],
  settings: MailSettings,
  target: NotifyTarget,
  userIds: number[],
  policyName: string,
): Promise<void> {
  if (userIds.length === 0) return;
  const actors = await loadActiveActors(db, userIds);
  const readers = userIds.filter((id) => {
    const actor = actors.get(id);
    return actor !== undefined && target.mayRead(actor, false);
  });
  if (readers.length === 0) return;
  const users = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', readers).execute();
  const email = renderNotificationEmail(settings, target, { kind: 'incident_escalation', policyName }, '');
  await queueEmails(db, users, email);
}

/** `notify` for a comment's issue or epic: looks up its project or group only when emails are sent. */
export async function notifyNoteable(
  ctx: ServiceContext,
  noteable: Parameters<typeof noteableNotifyTarget>[1],
  event: NotifyEvent,
): Promise<void> {
  if (!ctx.config.mail) return;
  await notify(ctx, await noteableNotifyTarget(ctx.db, noteable), event);
}
