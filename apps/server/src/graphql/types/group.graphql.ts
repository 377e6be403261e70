import { listGroups } from '../../modules/groups';
import { findGroupRow, type GroupRow, groupSubject, webUrl } from '../../modules/namespaces';
import { canGroup } from '../../policy/abilities';
import { visibilityNames } from '../../policy/access-levels';
import { byPageNumber, defineConnection, pageArgs, paginateService } from '../connection';
import type { GraphQLContext } from '../context';
import { gid } from '../gid';
import { readable } from '../readable';
import { defineNamespaceByPathField } from './namespace-by-path';
import { GroupPermissions } from './permissions.graphql';
import { GroupRef } from './refs';

export const GroupConnection = defineConnection('Group', GroupRef);

/**
 * The group when it exists and the actor may read it; null otherwise (GitLab answers null, not an
 * error). Synchronous when the group is already loaded.
 */
export function readableGroup(c: GraphQLContext, id: number): GroupRow | null | Promise<GroupRow | null> {
  return readable(c.loaders.group.loadNow(id), (row) => canGroup(c.actor, 'read_group', groupSubject(row)));
}

GroupRef.implement({
  description: 'A group: a namespace holding subgroups, projects and epics.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the group.', resolve: (g) => gid('Group', g.id) }),
    name: t.exposeString('name', { description: 'Name of the namespace.' }),
    path: t.exposeString('path', { description: 'Path of the namespace.' }),
    fullName: t.exposeString('full_name', { description: 'Full name of the namespace.' }),
    fullPath: t.exposeString('full_path', { description: 'Full path of the namespace.' }),
    description: t.exposeString('description', { description: 'Description of the namespace.' }),
    avatarUrl: t.string({ nullable: true, description: 'Avatar URL of the group.', resolve: (g) => g.avatar_url }),
    webUrl: t.string({
      description: 'Web URL of the group.',
      resolve: (g, _a, c) => webUrl(c.ctx, `groups/${g.full_path}`),
    }),
    visibility: t.string({
      description: 'Visibility of the namespace (private, internal or public).',
      resolve: (g) => visibilityNames[g.visibility_level] ?? 'private',
    }),
    createdAt: t.field({ type: 'Time', description: 'Timestamp of the group creation.', resolve: (g) => g.created_at }),
    parent: t.field({
      type: GroupRef,
      nullable: true,
      description: 'Parent group.',
      resolve: (g, _a, c) => (g.parent_id ? readableGroup(c, g.parent_id) : null),
    }),
    descendantGroups: t.field({
      type: GroupConnection,
      description: 'List of descendant groups of this group the current user may read.',
      args: {
        ...pageArgs,
        search: t.arg.string({ required: false, description: 'Search query for group name or group full path.' }),
        includeParentDescendants: t.arg.boolean({
          required: false,
          defaultValue: true,
          description: 'List of descendant groups of the parent group (false: direct subgroups only).',
        }),
      },
      resolve: (g, args, c) => {
        const scope = args.includeParentDescendants === false ? { parentId: g.id } : { ancestorId: g.id };
        const filters = { ...scope, search: args.search ?? undefined, order_by: 'name', sort: 'asc' } as const;
        return paginateService(
          args,
          byPageNumber((page, perPage) => listGroups(c.ctx.database.db, c.actor, filters, { page, per_page: perPage })),
        );
      },
    }),
    userPermissions: t.field({
      type: GroupPermissions,
      description: 'Permissions for the current user on the resource.',
      resolve: (g, _a, c) => ({ actor: c.actor, group: g }),
    }),
  }),
});

defineNamespaceByPathField({
  field: 'group',
  ref: GroupRef,
  description: 'Find a group by its full path; null when it does not exist or is hidden from you.',
  example: 'gitlab-org',
  find: (db, fullPath) => findGroupRow(db, { fullPath }),
  readable: (actor, row) => canGroup(actor, 'read_group', groupSubject(row)),
  loader: (loaders) => loaders.group,
});
