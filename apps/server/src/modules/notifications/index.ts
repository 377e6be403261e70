/** The notifications module's face: all that code outside it may import (modules/README.md). */
export { type MailSettings, mailSettingsOf } from './mail-settings';
export { escapeHtml } from './notification-email';
export {
  issueNotifyTarget,
  mergeRequestNotifyTarget,
  type NotifyTarget,
  noteableNotifyTarget,
} from './notification-target';
export type { ComposedEmail, CsvExportComposer } from './notification-worker';
export { type NotifyEvent, notify, notifyNoteable, notifyPaged } from './notify';
export { queueUserEmail } from './user-email';
