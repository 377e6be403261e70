import {
  type CustomEvents,
  type CustomNotificationEvent,
  effectiveLevel,
  type LevelSetting,
  type NotificationLevel,
  type RecipientCandidate,
  type RecipientReason,
  selectRecipients,
} from '@meridian/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../policy/actor';
import { loadActiveActors } from '../../policy/load-actor';
import type { NotifyTarget } from './notification-target';

/** At most this many candidate entries per event (watchers of a huge project are cut, in id order). */
export const CANDIDATE_LIMIT = 5000;

/** Who may be told, besides the item's participants, subscribers and watchers. */
export interface RecipientQuery {
  /** GitLab's custom event this email is (null: a "you were mentioned" email). */
  action: CustomNotificationEvent | null;
  /** Lower-case usernames the text mentions. */
  mentions: string[];
  /** false: only the mentioned users are candidates (new mentions in an edited description). */
  everyone: boolean;
  /** More participants (the assignees an issue had before a reassignment). */
  extraParticipantIds: number[];
  /** The email tells an internal note: only Reporter and above may get it. */
  internal: boolean;
}

const sources = {
  Issue: {
    table: 'issues',
    participants: (id: number) =>
      sql`UNION ALL SELECT user_id, 'participating' FROM issue_assignees WHERE issue_id = ${id}`,
    labels: sql`SELECT label_id FROM issue_labels WHERE issue_id = `,
  },
  Epic: {
    table: 'epics',
    participants: null,
    labels: sql`SELECT label_id FROM epic_labels WHERE epic_id = `,
  },
  MergeRequest: {
    table: 'merge_requests',
    participants: (id: number) => sql`
      UNION ALL SELECT user_id, 'participating' FROM merge_request_assignees WHERE merge_request_id = ${id}
      UNION ALL SELECT user_id, 'participating' FROM merge_request_reviewers WHERE merge_request_id = ${id}`,
    labels: sql`SELECT label_id FROM merge_request_labels WHERE merge_request_id = `,
  },
} as const;

type CandidateRow = { user_id: number; reason: RecipientReason | 'unsubscribed' };

/**
 * One statement: every (user, reason) candidate — participants (author, assignees, public
 * commenters, extra), mentioned users, subscribers of the item and its labels, watchers (a watch or
 * custom setting for the project, one of its groups, or globally for its members) — and the users
 * who explicitly unsubscribed.
 */
function candidateRows(db: Executor, target: NotifyTarget, q: RecipientQuery) {
  const src = sources[target.type];
  const mentions = q.mentions.length ? q.mentions : [''];
  const mentioned = sql`SELECT id, 'mention' FROM users WHERE lower(username) IN (${sql.join(mentions)})`;
  const groupIds = target.traversalIds.length ? target.traversalIds : [0];
  const memberOf =
    target.projectId !== null
      ? sql`(EXISTS (SELECT 1 FROM project_members pm WHERE pm.user_id = ns.user_id AND pm.project_id = ${target.projectId})
          OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.user_id = ns.user_id AND gm.group_id IN (${sql.join(groupIds)})))`
      : sql`EXISTS (SELECT 1 FROM group_members gm WHERE gm.user_id = ns.user_id AND gm.group_id IN (${sql.join(groupIds)}))`;
  const sourceMatch =
    target.projectId !== null
      ? sql`(ns.source_type = 'Project' AND ns.source_id = ${target.projectId}) OR (ns.source_type = 'Group' AND ns.source_id IN (${sql.join(groupIds)}))`
      : sql`ns.source_type = 'Group' AND ns.source_id IN (${sql.join(groupIds)})`;
  const extra = q.extraParticipantIds.length ? q.extraParticipantIds : [0];
  const everyone = sql`
    UNION ALL SELECT author_id, 'participating' FROM ${sql.table(src.table)} WHERE id = ${target.id}
    ${src.participants ? src.participants(target.id) : sql``}
    UNION ALL SELECT author_id, 'participating' FROM notes
      WHERE noteable_type = ${target.type} AND noteable_id = ${target.id} AND NOT system AND NOT internal
    UNION ALL SELECT id, 'participating' FROM users WHERE id IN (${sql.join(extra)})
    UNION ALL SELECT user_id, 'subscription' FROM subscriptions
      WHERE subscribable_type = ${target.type} AND subscribable_id = ${target.id} AND subscribed
    UNION ALL SELECT user_id, 'subscription' FROM subscriptions
      WHERE subscribable_type = 'Label' AND subscribed AND subscribable_id IN (${src.labels}${target.id})
    UNION ALL SELECT ns.user_id, 'watch' FROM notification_settings ns
      WHERE ns.level IN ('watch', 'custom') AND (${sourceMatch})
    UNION ALL SELECT ns.user_id, 'watch' FROM notification_settings ns
      WHERE ns.source_type = 'Global' AND ns.level IN ('watch', 'custom') AND ${memberOf}`;
  return sql<CandidateRow>`
    SELECT DISTINCT user_id, reason FROM (
      ${mentioned}
      ${q.everyone ? everyone : sql``}
      UNION ALL SELECT user_id, 'unsubscribed' FROM subscriptions
        WHERE subscribable_type = ${target.type} AND subscribable_id = ${target.id} AND NOT subscribed
    ) c (user_id, reason) WHERE user_id IS NOT NULL ORDER BY user_id, reason LIMIT ${CANDIDATE_LIMIT}`.execute(db);
}

/** One statement: the candidates' settings that bear on this item (global, its groups, its project). */
async function levelsOf(db: Executor, target: NotifyTarget, userIds: number[]) {
  const rows = await db
    .selectFrom('notification_settings')
    .select(['user_id', 'source_type', 'source_id', 'level', 'events'])
    .where('user_id', 'in', userIds)
    .where((eb) =>
      eb.or([
        eb('source_type', '=', 'Global'),
        eb.and([
          eb('source_type', '=', 'Group'),
          eb('source_id', 'in', target.traversalIds.length ? target.traversalIds : [0]),
        ]),
        eb.and([eb('source_type', '=', 'Project'), eb('source_id', '=', target.projectId ?? 0)]),
      ]),
    )
    .execute();
  const byUser = new Map<number, Map<string, LevelSetting>>();
  for (const row of rows) {
    const settings = byUser.get(row.user_id) ?? new Map<string, LevelSetting>();
    settings.set(`${row.source_type}:${row.source_id}`, {
      level: row.level as NotificationLevel,
      events: (row.events ?? {}) as CustomEvents,
    });
    byUser.set(row.user_id, settings);
  }
  const nearestFirst = [...target.traversalIds].reverse();
  return (userId: number) => {
    const settings = byUser.get(userId);
    const chain = [
      ...(target.projectId !== null ? [settings?.get(`Project:${target.projectId}`)] : []),
      ...nearestFirst.map((id) => settings?.get(`Group:${id}`)),
    ];
    return effectiveLevel(chain, settings?.get('Global:0'));
  };
}

/**
 * The users who get an email about an event on `target` by `author`, by GitLab's rules
 * (`selectRecipients` in packages/domain): five statements whatever the number of candidates —
 * candidates, their settings, then the active ones' memberships (to check each may read the item,
 * and the comment when internal).
 */
export async function notificationRecipients(
  db: Executor,
  author: Actor,
  target: NotifyTarget,
  q: RecipientQuery,
): Promise<number[]> {
  const { rows } = await candidateRows(db, target, q);
  const unsubscribed = new Set(rows.filter((r) => r.reason === 'unsubscribed').map((r) => r.user_id));
  const entries = rows.filter(
    (r): r is { user_id: number; reason: RecipientReason } => r.reason !== 'unsubscribed' && r.user_id !== author.id,
  );
  const userIds = [...new Set(entries.map((r) => r.user_id))];
  if (userIds.length === 0) return [];
  const [levelFor, actors] = await Promise.all([levelsOf(db, target, userIds), loadActiveActors(db, userIds)]);
  const candidates: Array<RecipientCandidate & { userId: number }> = entries.map((r) => {
    const actor = actors.get(r.user_id);
    const { level, events } = levelFor(r.user_id);
    const canRead = actor !== undefined && target.mayRead(actor, q.internal);
    return {
      userId: r.user_id,
      reason: r.reason,
      level,
      events,
      unsubscribed: unsubscribed.has(r.user_id),
      canRead,
      isActor: r.user_id === author.id,
    };
  });
  return selectRecipients(candidates, q.action);
}
