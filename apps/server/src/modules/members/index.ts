/** The members module's face: all that code outside it may import (modules/README.md). */

export { type AuthorStanding, authorStandings, type MembershipPlace } from './author-standing';
export { membershipNotExpired } from './members.service';
export { countNewGroupMembers } from './recent-members';
export { recordSeatUsage } from './seat-usage';
