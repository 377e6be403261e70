/** GitLab's notification levels (Notification settings API). */
export const NOTIFICATION_LEVELS = ['disabled', 'participating', 'watch', 'global', 'mention', 'custom'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];
/** A level once `global` has been resolved through the project, its groups and the user's global setting. */
export type EffectiveLevel = Exclude<NotificationLevel, 'global'>;

/**
 * GitLab's custom notification events, in the order of its Notification settings API. Meridian sends
 * the issue, note and merge-request ones; the others are stored and answered as GitLab does.
 */
export const CUSTOM_NOTIFICATION_EVENTS = [
  'new_release',
  'new_note',
  'new_issue',
  'reopen_issue',
  'close_issue',
  'reassign_issue',
  'issue_due',
  'new_merge_request',
  'push_to_merge_request',
  'reopen_merge_request',
  'close_merge_request',
  'reassign_merge_request',
  'change_reviewer_merge_request',
  'merge_merge_request',
  'failed_pipeline',
  'fixed_pipeline',
  'success_pipeline',
  'moved_project',
  'merge_when_pipeline_succeeds',
  'new_epic',
] as const;
export type CustomNotificationEvent = (typeof CUSTOM_NOTIFICATION_EVENTS)[number];
export type CustomEvents = Partial<Record<CustomNotificationEvent, boolean>>;

/** Human names for the levels, as GitLab's notification dropdown shows them. */
export const NOTIFICATION_LEVEL_TITLES: Record<NotificationLevel, string> = {
  global: 'Global',
  watch: 'Watch',
  participating: 'Participate',
  mention: 'On mention',
  custom: 'Custom',
  disabled: 'Disabled',
};

/** One stored setting: its level and, for `custom`, the events switched on. */
export interface LevelSetting {
  level: NotificationLevel;
  events?: CustomEvents;
}

/**
 * The level that applies to a user for something in a project or group, as GitLab resolves it:
 * the nearest setting that is not `global` — the project's, then its groups' nearest first — else
 * the user's global setting (default `participating`). `chain` is nearest first; missing
 * settings are `undefined`.
 */
export function effectiveLevel(
  chain: ReadonlyArray<LevelSetting | undefined>,
  global: LevelSetting | undefined,
): { level: EffectiveLevel; events: CustomEvents } {
  for (const setting of chain) {
    if (setting && setting.level !== 'global') return { level: setting.level, events: setting.events ?? {} };
  }
  if (global && global.level !== 'global') return { level: global.level, events: global.events ?? {} };
  return { level: 'participating', events: {} };
}
