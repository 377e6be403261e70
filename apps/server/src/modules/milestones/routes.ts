/** The milestones module's transport face: the routes and plugins the app registers (modules/README.md). */
export { milestonesRoutes } from './milestones.rest';
