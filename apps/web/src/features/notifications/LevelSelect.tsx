import {
  type CustomNotificationEvent,
  NOTIFICATION_LEVEL_TITLES,
  NOTIFICATION_LEVELS,
  type NotificationLevel,
} from '@meridian/domain';
import { useId } from 'react';
import { ApiError } from '../../lib/api';
import { showToast } from '../../ui/toast';
import styles from './NotificationsPage.module.css';
import { type NotificationSource, useNotificationSetting, useUpdateNotificationSetting } from './queries';

/** GitLab's descriptions of the levels, shown under the choice. */
const LEVEL_HELP: Record<NotificationLevel, string> = {
  global: 'Use your global notification setting',
  watch: 'You will receive notifications for any activity',
  participating: 'You will only receive notifications for threads you have participated in',
  mention: 'You will receive notifications only for comments in which you were @mentioned',
  custom: 'You will only receive notifications for the events you choose',
  disabled: 'You will not get any notifications via email',
};

/** The custom events Meridian sends, with GitLab's names for them. */
const CUSTOM_EVENTS: ReadonlyArray<[CustomNotificationEvent, string]> = [
  ['new_note', 'New note'],
  ['new_issue', 'New issue'],
  ['reopen_issue', 'Reopen issue'],
  ['close_issue', 'Close issue'],
  ['reassign_issue', 'Reassign issue'],
  ['new_merge_request', 'New merge request'],
  ['reopen_merge_request', 'Reopen merge request'],
  ['close_merge_request', 'Close merge request'],
  ['reassign_merge_request', 'Reassign merge request'],
];

const ORDER: NotificationLevel[] = ['global', 'watch', 'participating', 'mention', 'custom', 'disabled'];

/**
 * One level choice (a labelled select that saves on change), with the custom events as checkboxes
 * when the level is Custom. The global setting (no `name`) has a visible label and offers no "Global".
 */
export function LevelSelect({ source, name }: { source: NotificationSource; name?: string }) {
  const label = name ? `Notification level for ${name}` : 'Global notification level';
  const visibleLabel = name === undefined;
  const id = useId();
  const setting = useNotificationSetting(source);
  const update = useUpdateNotificationSetting(source);
  const levels = ORDER.filter((l) => NOTIFICATION_LEVELS.includes(l) && (source.kind !== 'global' || l !== 'global'));
  const save = (change: Parameters<typeof update.mutate>[0]) =>
    update.mutate(change, {
      onSuccess: () => showToast('Notification settings saved'),
      onError: (error) => showToast(error instanceof ApiError ? error.message : 'Failed to save new settings'),
    });
  if (setting.isPending) return <span className={styles.loading}>Loading…</span>;
  if (setting.isError) return <span className={styles.error}>Could not load the notification level</span>;
  const level = setting.data.level;
  return (
    <div className={styles.choice}>
      <label htmlFor={id} className={visibleLabel ? styles.fieldLabel : 'visually-hidden'}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={level}
        disabled={update.isPending}
        aria-describedby={`${id}-help`}
        onChange={(event) => save({ level: event.target.value as NotificationLevel })}
      >
        {levels.map((l) => (
          <option key={l} value={l}>
            {NOTIFICATION_LEVEL_TITLES[l]}
          </option>
        ))}
      </select>
      <span id={`${id}-help`} className={styles.help}>
        {LEVEL_HELP[level]}
      </span>
      {level === 'custom' && (
        <fieldset className={styles.events}>
          <legend>{name ? `Custom notification events for ${name}` : 'Custom notification events'}</legend>
          {CUSTOM_EVENTS.map(([event, title]) => (
            <label key={event} className={styles.event}>
              {/* Uncontrolled, so a click shows at once; a new server value (or an undo) remounts it. */}
              <input
                key={String(setting.data.events?.[event] === true)}
                type="checkbox"
                defaultChecked={setting.data.events?.[event] === true}
                disabled={update.isPending}
                onChange={(e) => save({ [event]: e.target.checked })}
              />
              {title}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
