/** The notifications module's transport face: the routes and plugins the app registers (modules/README.md). */
export { notificationMailerPlugin } from './notification-mailer.plugin';
export { notificationSettingsRoutes } from './notification-settings.rest';
