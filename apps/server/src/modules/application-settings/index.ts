/** The application-settings module's face: all that code outside it may import (modules/README.md). */
export type { ApplicationSettings } from './application-settings.definitions';
export { cachedApplicationSettings, getApplicationSettings } from './application-settings.service';
export { warnIfSignupOpen } from './signup-warning';
