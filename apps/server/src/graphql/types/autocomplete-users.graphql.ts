import type { ObjectRef } from '@pothos/core';
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

/** `autocompleteUsers` of a group or project: the active members of `container(row)`. */
function autocompleteUsersField<Row>(
  ref: ObjectRef<typeof builder.$inferSchemaTypes, Row>,
  description: string,
  container: (row: Row) => SuggestionContainer,
) {
  builder.objectFields(ref, (t) => ({
    autocompleteUsers: t.field({
      type: [UserRef],
      description,
      args: searchArg,
      resolve: (row, args, c) => activeMembers(c, container(row), args.search),
    }),
  }));
}

autocompleteUsersField(
  GroupRef,
  'Search users for autocompletion: active members of the group and its ancestors.',
  (group) => ({ kind: 'group', group }),
);
autocompleteUsersField(
  ProjectRef,
  'Search users for autocompletion: active members of the project and its groups.',
  (project) => ({ kind: 'project', project }),
);
