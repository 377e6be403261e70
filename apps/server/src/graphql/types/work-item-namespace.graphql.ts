import { isInt4Id } from '@meridian/domain';
import { findGroupRow, findProjectRow, groupSubject, projectSubject } from '../../modules/namespaces';
import { findReadableWorkItemByIid } from '../../modules/work-items';
import { canGroup, canProject } from '../../policy/abilities';
import { builder } from '../builder';
import { pageArgs, paginateArray } from '../connection';
import type { GraphQLContext } from '../context';
import { gid } from '../gid';
import { readable } from '../readable';
import { IssueType } from './issue-args';
import { pathArgExtensions, validFullPath } from './path-args';
import { GroupRef, ProjectRef, WorkItemRef } from './refs';
import { typesOfNamespace, WorkItemTypeConnection } from './work-item-type.graphql';

/**
 * GitLab's `namespace(fullPath:)`: a group or a project, as the work item queries (IE-37, IE-38,
 * IE-41) address them. Its rows come from the request's loaders.
 */
export interface NamespaceShape {
  kind: 'group' | 'project';
  id: number;
}

export const NamespaceRef = builder.objectRef<NamespaceShape>('Namespace');

async function rowOf(c: GraphQLContext, ns: NamespaceShape) {
  if (ns.kind === 'group') {
    const row = await c.loaders.group.load(ns.id);
    return row && { fullPath: row.full_path, name: row.name, fullName: row.full_name };
  }
  const row = await c.loaders.project.load(ns.id);
  return row && { fullPath: row.full_path, name: row.name, fullName: row.full_name };
}

/** The `iid` argument of a work item look-up: a positive int32 as a string, else no item. */
export function parseIid(iid: string): number | null {
  if (!/^\d{1,10}$/.test(iid)) return null;
  const n = Number(iid);
  return isInt4Id(n) ? n : null;
}

type FieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, { id: number }>;

/** `workItem(iid:)` and `workItemTypes(name:)` on a namespace, a group or a project. */
export function workItemNamespaceFields(t: FieldBuilder, kindOf: (source: { id: number }) => NamespaceShape) {
  return {
    workItem: t.field({
      type: WorkItemRef,
      nullable: true,
      description: 'Find a work item by its IID; null when it does not exist or is hidden from you.',
      args: {
        iid: t.arg.string({ required: true, description: 'IID of the work item.', extensions: { maxLength: 11 } }),
      },
      resolve: async (source, args, c) => {
        const iid = parseIid(args.iid);
        if (iid === null) return null;
        return (await findReadableWorkItemByIid(c.ctx.database.db, c.actor, kindOf(source), iid)) ?? null;
      },
    }),
    workItemTypes: t.field({
      type: WorkItemTypeConnection,
      nullable: true,
      description: 'Work item types available to the namespace.',
      args: {
        ...pageArgs,
        // GitLab's argument is the IssueType enum (`$name: IssueType`, e.g. TASK).
        name: t.arg({ type: IssueType, required: false, description: 'Filter work item types by the given name.' }),
      },
      resolve: (source, args) => paginateArray(args, typesOfNamespace(kindOf(source).kind, args.name)),
    }),
  };
}

NamespaceRef.implement({
  description: 'A group or a project, addressed by its full path.',
  fields: (t) => ({
    id: t.id({
      description: 'ID of the namespace.',
      resolve: (ns) => gid(ns.kind === 'group' ? 'Group' : 'Project', ns.id),
    }),
    fullPath: t.string({
      description: 'Full path of the namespace.',
      resolve: async (ns, _a, c) => (await rowOf(c, ns))?.fullPath ?? '',
    }),
    name: t.string({
      description: 'Name of the namespace.',
      resolve: async (ns, _a, c) => (await rowOf(c, ns))?.name ?? '',
    }),
    fullName: t.string({
      description: 'Full name of the namespace.',
      resolve: async (ns, _a, c) => (await rowOf(c, ns))?.fullName ?? '',
    }),
    ...workItemNamespaceFields(t as unknown as FieldBuilder, (ns) => ns as NamespaceShape),
  }),
});

builder.objectFields(GroupRef, (t) =>
  workItemNamespaceFields(t as unknown as FieldBuilder, (g) => ({ kind: 'group', id: g.id })),
);
builder.objectFields(ProjectRef, (t) =>
  workItemNamespaceFields(t as unknown as FieldBuilder, (p) => ({ kind: 'project', id: p.id })),
);

builder.queryField('namespace', (t) =>
  t.field({
    type: NamespaceRef,
    nullable: true,
    description: 'Find a group or a project by its full path; null when it does not exist or is hidden from you.',
    args: {
      fullPath: t.arg.id({
        required: true,
        description: 'Full path of the namespace. For example, `gitlab-org`.',
        extensions: pathArgExtensions,
      }),
    },
    resolve: async (_root, args, c) => {
      const fullPath = validFullPath(args.fullPath);
      if (!fullPath) return null;
      const db = c.ctx.database.db;
      const group = await findGroupRow(db, { fullPath });
      if (group) {
        if (!readable(group, (g) => canGroup(c.actor, 'read_group', groupSubject(g)))) return null;
        c.loaders.group.prime(group.id, group);
        return { kind: 'group', id: group.id } as const;
      }
      const project = readable(await findProjectRow(db, { fullPath }), (p) =>
        canProject(c.actor, 'read_project', projectSubject(p)),
      );
      if (!project) return null;
      c.loaders.project.prime(project.id, project);
      return { kind: 'project', id: project.id } as const;
    },
  }),
);
