/** The notes module's transport face: the routes and plugins the app registers (modules/README.md). */
export { noteableFor, notesRoutes } from './notes.rest';
