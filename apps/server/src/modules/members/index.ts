/** The members module's face: all that code outside it may import (modules/README.md). */
export { membersRoutes } from './members.rest';
export { membershipNotExpired } from './members.service';
