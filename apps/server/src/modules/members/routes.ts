/** The members module's transport face: the routes and plugins the app registers (modules/README.md). */
export { billableMembersRoutes } from './billable-members.rest';
export { membersRoutes } from './members.rest';
