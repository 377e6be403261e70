import type { CustomEvents, CustomNotificationEvent, EffectiveLevel } from './levels';

/**
 * Why a user is a candidate for an email (GitLab's NotificationRecipient types): `participating`
 * (author, assignee, commenter), `mention` (the text names them), `watch` (their level is watch or
 * custom for this project or group), `subscription` (they subscribed to the item or one of its labels).
 */
export type RecipientReason = 'participating' | 'mention' | 'watch' | 'subscription';

/** GitLab's watcher exclusions: events a `watch` level does not send. */
const EXCLUDED_WATCHER_EVENTS: ReadonlySet<CustomNotificationEvent> = new Set([
  'push_to_merge_request',
  'issue_due',
  'success_pipeline',
]);

export interface RecipientCandidate {
  reason: RecipientReason;
  /** The user's level for the item, `global` already resolved (see effectiveLevel). */
  level: EffectiveLevel;
  events: CustomEvents;
  /** They explicitly unsubscribed from the item. */
  unsubscribed: boolean;
  /** They may read what the email tells (the item, and the comment when it is internal). */
  canRead: boolean;
  /** They did what the email tells about (GitLab never mails your own activity). */
  isActor: boolean;
}

/**
 * Does this candidate get an email about `action` (a custom event, or null for a mention email)?
 * GitLab's NotificationRecipient#notifiable?: no access or own activity — never; a subscription —
 * always unless unsubscribed, even at `disabled`; otherwise the level decides (`mention`: only when
 * mentioned; `participating` and `custom`: when participating or mentioned, `custom` also for its
 * switched-on events; `watch`: everything but the excluded watcher events; `disabled`: nothing), and
 * an explicit unsubscribe stops all but mentions.
 */
export function isNotifiable(candidate: RecipientCandidate, action: CustomNotificationEvent | null): boolean {
  if (!candidate.canRead || candidate.isActor) return false;
  if (candidate.reason === 'subscription') return !candidate.unsubscribed;
  if (!suitableLevel(candidate, action)) return false;
  return candidate.reason === 'mention' || !candidate.unsubscribed;
}

function suitableLevel(candidate: RecipientCandidate, action: CustomNotificationEvent | null): boolean {
  const participatingOrMention = candidate.reason === 'participating' || candidate.reason === 'mention';
  switch (candidate.level) {
    case 'mention':
      return candidate.reason === 'mention';
    case 'participating':
      return participatingOrMention;
    case 'custom':
      return (action !== null && candidate.events[action] === true) || participatingOrMention;
    case 'watch':
      return action === null || !EXCLUDED_WATCHER_EVENTS.has(action);
    default:
      return false;
  }
}

/**
 * The users who get an email: every candidate entry is judged on its own and a user is mailed once
 * when any of their entries passes (GitLab filters, then keeps one entry per user). Ids ascending.
 */
export function selectRecipients(
  candidates: ReadonlyArray<RecipientCandidate & { userId: number }>,
  action: CustomNotificationEvent | null,
): number[] {
  const chosen = new Set<number>();
  for (const candidate of candidates) if (isNotifiable(candidate, action)) chosen.add(candidate.userId);
  return [...chosen].sort((a, b) => a - b);
}
