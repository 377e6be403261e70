/** The application-settings module's transport face: the routes and plugins the app registers (modules/README.md). */
export { applicationSettingsRoutes, clientConfigRoutes } from './application-settings.rest';
