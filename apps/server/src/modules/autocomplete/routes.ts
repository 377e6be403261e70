/** The autocomplete module's transport face: the routes and plugins the app registers (modules/README.md). */
export { suggestionRoutes } from './suggestions.rest';
