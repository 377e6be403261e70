import { suggestUsers } from '../../modules/autocomplete/users-autocomplete.service';
import { builder } from '../builder';
import { GroupRef, ProjectRef, UserRef } from './refs';

/** As many users as GitLab's Autocomplete::UsersFinder returns. */
const AUTOCOMPLETE_LIMIT = 20;

const searchArg = builder.args((t) => ({
  search: t.string({ required: false, description: 'Query to search users by name, username, or public email.' }),
}));

builder.objectFields(GroupRef, (t) => ({
  autocompleteUsers: t.field({
    type: [UserRef],
    description: 'Search users for autocompletion: active members of the group and its ancestors.',
    args: searchArg,
    resolve: (g, args, c) =>
      suggestUsers(
        c.ctx.database.db,
        c.actor,
        { kind: 'group', group: g },
        {
          search: args.search?.trim() || undefined,
          states: ['active'],
          currentUserFirst: false,
          limit: AUTOCOMPLETE_LIMIT,
        },
      ),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  autocompleteUsers: t.field({
    type: [UserRef],
    description: 'Search users for autocompletion: active members of the project and its groups.',
    args: searchArg,
    resolve: (p, args, c) =>
      suggestUsers(
        c.ctx.database.db,
        c.actor,
        { kind: 'project', project: p },
        {
          search: args.search?.trim() || undefined,
          states: ['active'],
          currentUserFirst: false,
          limit: AUTOCOMPLETE_LIMIT,
        },
      ),
  }),
}));
