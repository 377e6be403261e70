import { webUrl } from '../../modules/namespaces';
import { builder } from '../builder';
import { gid } from '../gid';
import type { UserRow } from '../loaders/rows';
import { describedEnum } from './described-enum';
import { UserRef } from './refs';

const UserState = describedEnum('UserState', 'Possible states of a user.', {
  active: 'User is active and can use the system.',
  blocked: 'User has been blocked by an administrator.',
  deactivated: 'User is no longer active.',
  banned: 'User has been banned.',
});

/**
 * GitLab's `interface User`, which `UserCore` implements: its documents select users through
 * `fragment … on User`. Fields that return users stay `UserCore`, as GitLab declares them.
 */
const UserInterface = builder.interfaceRef<UserRow>('User').implement({
  description: 'Representation of a GitLab user.',
  resolveType: () => 'UserCore',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the user.', resolve: (u) => gid('User', u.id) }),
    username: t.exposeString('username', { description: 'Username of the user. Unique within the instance.' }),
    name: t.exposeString('name', { description: 'Human-readable name of the user.' }),
    avatarUrl: t.string({
      nullable: true,
      description: "URL of the user's avatar.",
      resolve: (u) => u.avatar_url,
    }),
    webUrl: t.string({ description: 'Web URL of the user.', resolve: (u, _a, c) => webUrl(c.ctx, u.username) }),
    webPath: t.string({ description: 'Web path of the user.', resolve: (u) => `/${u.username}` }),
    state: t.field({
      type: UserState,
      description: 'State of the user.',
      resolve: (u) => u.state as 'active' | 'blocked' | 'deactivated' | 'banned',
    }),
  }),
});

UserRef.implement({
  description: 'Core representation of a GitLab user.',
  interfaces: [UserInterface],
  isTypeOf: () => true,
});

builder.queryField('currentUser', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The currently authenticated user; null for anonymous visitors.',
    resolve: (_root, _args, c) => (c.actor ? c.loaders.user.load(c.actor.id) : null),
  }),
);
