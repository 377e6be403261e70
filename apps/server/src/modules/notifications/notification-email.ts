import { renderMarkdown } from '../../markdown/render-markdown';
import type { MailSettings } from './mail-settings';
import type { NotifyTarget } from './notification-target';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text a user typed (titles, names) inside HTML: every markup character escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The longest Markdown body an email quotes (a description or comment), then "…". */
const BODY_LIMIT = 20_000;

/** What happened, for the email's wording. */
export type EmailEvent =
  | { kind: 'new_issue'; description: string }
  | { kind: 'new_note'; noteId: number; body: string; internal: boolean }
  | { kind: 'mention'; text: string }
  | { kind: 'reassign_issue' | 'reassign_merge_request'; assignees: string[] }
  | { kind: 'close_issue' | 'reopen_issue' | 'close_merge_request' | 'reopen_merge_request' }
  | { kind: 'new_merge_request' | 'new_epic'; description: string }
  | { kind: 'close_epic' | 'reopen_epic' }
  /** An escalation policy's rule paged the recipient (GitLab's incident_escalation_fired_email). */
  | { kind: 'incident_escalation'; policyName: string };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const SIGILS = { Issue: '#', Epic: '&', MergeRequest: '!' } as const;
const NOUNS = { Issue: 'issue', Epic: 'epic', MergeRequest: 'merge request' } as const;

/** `#3` for an issue, `&2` for an epic, `!4` for a merge request (GitLab's references). */
const reference = (target: NotifyTarget) => `${SIGILS[target.type]}${target.iid}`;
const noun = (target: NotifyTarget) => NOUNS[target.type];

function lead(event: EmailEvent, target: NotifyTarget, authorName: string): string {
  switch (event.kind) {
    case 'new_issue':
    case 'new_merge_request':
    case 'new_epic':
      return `${authorName} created ${noun(target)} ${reference(target)}:`;
    case 'new_note':
      return event.internal ? `${authorName} added an internal note:` : `${authorName} commented:`;
    case 'mention':
      return `${authorName} mentioned you in ${noun(target)} ${reference(target)}:`;
    case 'reassign_issue':
    case 'reassign_merge_request':
      return event.assignees.length
        ? `${authorName} changed the assignees to ${event.assignees.map((u) => `@${u}`).join(', ')}.`
        : `${authorName} removed all assignees.`;
    case 'close_issue':
    case 'close_merge_request':
    case 'close_epic':
      return `${cap(noun(target))} was closed by ${authorName}.`;
    case 'reopen_issue':
    case 'reopen_merge_request':
    case 'reopen_epic':
      return `${cap(noun(target))} was reopened by ${authorName}.`;
    case 'incident_escalation':
      return `An incident has been triggered in ${target.containerName}: escalation policy ${event.policyName} pages you. Title: ${target.title}`;
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function quoted(event: EmailEvent): string | null {
  const text =
    event.kind === 'new_issue' || event.kind === 'new_merge_request' || event.kind === 'new_epic'
      ? event.description
      : event.kind === 'new_note'
        ? event.body
        : event.kind === 'mention'
          ? event.text
          : '';
  if (!text.trim()) return null;
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}…` : text;
}

/**
 * The email for an event, the same for every recipient: GitLab's subject (`project | Title (#3)`,
 * `Re: …` for anything after the item's creation), a plain-text and an HTML part, and threading
 * headers so mail clients group an item's emails (Message-ID `<issue_42@host>` on the first, the
 * others In-Reply-To it). In the HTML part every string a user typed is escaped and Markdown goes
 * through `renderMarkdown` (sanitized: no script, no event handler, no `javascript:` URL).
 */
export function renderNotificationEmail(
  settings: MailSettings,
  target: NotifyTarget,
  event: EmailEvent,
  authorName: string,
): RenderedEmail {
  const itemId = `${target.type === 'MergeRequest' ? 'merge_request' : target.type.toLowerCase()}_${target.id}@${settings.host}`;
  const created = event.kind === 'new_issue' || event.kind === 'new_merge_request' || event.kind === 'new_epic';
  const prefix = created ? '' : 'Re: ';
  const subject = `${prefix}${target.containerName} | ${target.title} (${reference(target)})`.replace(/[\r\n]+/g, ' ');
  const url = `${settings.baseUrl}${target.webPath}${event.kind === 'new_note' ? `#note_${event.noteId}` : ''}`;
  const manage = `${settings.baseUrl}/-/profile/notifications`;
  const intro = lead(event, target, authorName);
  const body = quoted(event);
  const footer = `You're receiving this email because of your account on ${settings.host}.`;
  const text = [intro, body, `View it on Meridian: ${url}`, `${footer}\nManage all notifications: ${manage}`]
    .filter((part): part is string => part !== null)
    .join('\n\n');
  const html = [
    '<!DOCTYPE html><html><body>',
    `<p>${escapeHtml(intro)}</p>`,
    body === null ? '' : `<div>${renderMarkdown(body)}</div>`,
    `<p><a href="${escapeHtml(url)}">View it on Meridian</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(manage)}">Manage all notifications</a></p>`,
    '</body></html>',
  ].join('');
  const headers: Record<string, string> = {
    'List-Unsubscribe': `<${manage}>`,
    'X-Meridian-NotificationReason': event.kind,
  };
  if (created) headers['Message-ID'] = `<${itemId}>`;
  else {
    headers['In-Reply-To'] = `<${itemId}>`;
    headers.References = `<${itemId}>`;
    if (event.kind === 'new_note') headers['Message-ID'] = `<note_${event.noteId}@${settings.host}>`;
  }
  return { subject: subject.slice(0, 1000), text, html, headers };
}
