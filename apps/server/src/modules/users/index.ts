/** The users module's face: all that code outside it may import (modules/README.md). */
export { USER_STATES, type UserState, visibleUserStates } from './listable-user-states';
export { presentUserBasic, presentUserSelf, type UserRow } from './user.presenter';
export { getUser, setUserState } from './users.service';
export { userRowsByIds, usersById } from './users-by-id';
export { userIdsByUsernames } from './users-by-username';
