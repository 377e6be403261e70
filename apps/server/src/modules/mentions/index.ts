/** The mentions module's face: all that code outside it may import (modules/README.md). */
export { type ActorLoader, activeActorsIn, mentionedUsers, readableBy, recordMentions } from './user-mentions';
