/** The award-emoji module's transport face: the routes and plugins the app registers (modules/README.md). */
export { awardEmojiRoutes } from './award-emoji.rest';
