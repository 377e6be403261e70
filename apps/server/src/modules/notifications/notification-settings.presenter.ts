import { allEvents, type NotificationSetting } from './notification-settings.service';

/** GitLab's answer: `{level}`, plus `events` when the level is custom. */
export function presentSetting(setting: NotificationSetting) {
  return setting.level === 'custom'
    ? { level: setting.level, events: allEvents(setting.events) }
    : { level: setting.level };
}

/** The global answer also names the address emails go to. */
export function presentGlobalSetting(setting: NotificationSetting, email: string) {
  return { ...presentSetting(setting), notification_email: email };
}
