import type { SuggestionContainer } from '../../modules/autocomplete';
import { suggestUsers } from '../../modules/autocomplete';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { GroupRef, ProjectRef, UserRef } from './refs';

/** As many users as GitLab's Autocomplete::UsersFinder returns. */
const AUTOCOMPLETE_LIMIT = 20;

const searchArg = builder.args((t) => ({
  search: t.string({ required: false, description: 'Query to search users by name, username, or public email.' }),
}));

/** The container's active members matching the search (ignoring surrounding spaces), as GitLab suggests them. */
function activeMembers(c: GraphQLContext, container: SuggestionContainer, search: string | null | undefined) {
  return suggestUsers(c.ctx.database.db, c.actor, container, {
    search: search?.trim() || undefined,
    states: ['active'],
    currentUserFirst: false,
    limit: AUTOCOMPLETE_LIMIT,
  });
}

builder.objectFields(GroupRef, (t) => ({
  autocompleteUsers: t.field({
    type: [UserRef],
    description: 'Search users for autocompletion: active members of the group and its ancestors.',
    args: searchArg,
    resolve: (g, args, c) => activeMembers(c, { kind: 'group', group: g }, args.search),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  autocompleteUsers: t.field({
    type: [UserRef],
    description: 'Search users for autocompletion: active members of the project and its groups.',
    args: searchArg,
    resolve: (p, args, c) => activeMembers(c, { kind: 'project', project: p }, args.search),
  }),
}));
