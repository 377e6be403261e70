import { findProjectRow, type ProjectRow, projectSubject, webUrl } from '../../modules/namespaces';
import { canProject } from '../../policy/abilities';
import { visibilityNames } from '../../policy/access-levels';
import type { GraphQLContext } from '../context';
import { gid } from '../gid';
import { readable } from '../readable';
import { readableGroup } from './group.graphql';
import { defineNamespaceByPathField } from './namespace-by-path';
import { ProjectPermissions } from './permissions.graphql';
import { GroupRef, ProjectRef } from './refs';

/** The project when it exists and the actor may read it; null otherwise. */
export async function readableProject(c: GraphQLContext, id: number): Promise<ProjectRow | null> {
  return readable(c.loaders.project.load(id), (row) => canProject(c.actor, 'read_project', projectSubject(row)));
}

ProjectRef.implement({
  description: 'A project: holds issues, labels and milestones.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the project.', resolve: (p) => gid('Project', p.id) }),
    name: t.exposeString('name', { description: 'Name of the project (without namespace).' }),
    nameWithNamespace: t.exposeString('full_name', { description: 'Full name of the project with its namespace.' }),
    path: t.exposeString('path', { description: 'Path of the project.' }),
    fullPath: t.exposeString('full_path', { description: 'Full path of the project.' }),
    description: t.exposeString('description', { description: 'Short description of the project.' }),
    archived: t.exposeBoolean('archived', { description: 'Indicates the archived status of the project.' }),
    visibility: t.string({
      description: 'Visibility of the project (private, internal or public).',
      resolve: (p) => visibilityNames[p.visibility_level] ?? 'private',
    }),
    webUrl: t.string({ description: 'Web URL of the project.', resolve: (p, _a, c) => webUrl(c.ctx, p.full_path) }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of the project creation.',
      resolve: (p) => p.created_at,
    }),
    group: t.field({
      type: GroupRef,
      nullable: true,
      description: 'Group of the project (null for projects in a personal namespace).',
      resolve: (p, _a, c) => (p.namespace_type === 'Group' ? readableGroup(c, p.namespace_id) : null),
    }),
    userPermissions: t.field({
      type: ProjectPermissions,
      description: 'Permissions for the current user on the resource.',
      resolve: (p, _a, c) => ({ actor: c.actor, project: p }),
    }),
  }),
});

defineNamespaceByPathField({
  field: 'project',
  ref: ProjectRef,
  description: 'Find a project by its full path; null when it does not exist or is hidden from you.',
  example: 'gitlab-org/gitlab',
  find: (db, fullPath) => findProjectRow(db, { fullPath }),
  readable: (actor, row) => canProject(actor, 'read_project', projectSubject(row)),
  loader: (loaders) => loaders.project,
});
