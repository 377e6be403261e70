import { type WidgetType, widgetDefinitions, workItemTypeOf } from '@meridian/domain';
import { createNoteEmail } from '../../modules/issues';
import { baseTypeOf, type WorkItem, workItemId } from '../../modules/work-items';
import type { IssueSubject } from '../../policy/subjects';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { gid } from '../gid';
import { WorkItemPermissions } from './permissions.graphql';
import { ProjectRef, WorkItemRef } from './refs';
import { userByIdField } from './user-field';
import { webLinkFields } from './web-link-fields';
import { NamespaceRef, type NamespaceShape } from './work-item-namespace.graphql';
import { workItemSubject } from './work-item-subject';
import { WorkItemTypeRef, WorkItemWidgetType } from './work-item-type.graphql';
import { WidgetRef, type WidgetShape } from './work-item-widgets.graphql';

/*
 * GitLab's WorkItem (IE-41): one type for issues, tasks, incidents, objectives, key results and
 * epics, whose fields beyond the core sit in `widgets` (work-item-widgets.graphql.ts).
 */

const WorkItemState = builder.enumType('WorkItemState', {
  description: 'State of a GitLab work item.',
  values: { OPEN: { value: 'opened', description: 'In open state.' }, CLOSED: { value: 'closed' } } as const,
});

/** The full path of the item's project or group (projects from the request's loader). */
async function containerPath(c: GraphQLContext, item: WorkItem): Promise<string> {
  if (item.kind === 'epic') return item.row.group_full_path;
  return (await c.loaders.project.load(item.row.project_id))?.full_path ?? item.row.project_path;
}

/** Where the item shows in the web app: issues and incidents on their issue page, the rest as work items. */
export async function workItemPath(c: GraphQLContext, item: WorkItem): Promise<string> {
  if (item.kind === 'epic') return `groups/${item.row.group_full_path}/-/epics/${item.row.iid}`;
  const kind = item.row.issue_type === 'issue' || item.row.issue_type === 'incident' ? 'issues' : 'work_items';
  return `${await containerPath(c, item)}/-/${kind}/${item.row.iid}`;
}

export async function workItemReference(c: GraphQLContext, item: WorkItem, full: boolean): Promise<string> {
  const prefix = full ? await containerPath(c, item) : '';
  return `${prefix}${item.kind === 'epic' ? '&' : '#'}${item.row.iid}`;
}

export function namespaceOf(item: WorkItem): NamespaceShape {
  return item.kind === 'epic' ? { kind: 'group', id: item.row.group_id } : { kind: 'project', id: item.row.project_id };
}

WorkItemRef.implement({
  description: 'Represents a work item (an issue, task, incident, objective, key result or epic).',
  fields: (t) => ({
    id: t.field({
      type: 'WorkItemID',
      description: 'Global ID of the work item.',
      resolve: (w) => gid('WorkItem', workItemId(w)),
    }),
    iid: t.id({ description: 'Internal ID of the work item.', resolve: (w) => String(w.row.iid) }),
    title: t.string({ description: 'Title of the work item.', resolve: (w) => w.row.title }),
    state: t.field({
      type: WorkItemState,
      description: 'State of the work item.',
      resolve: (w) => w.row.state as 'opened',
    }),
    description: t.string({
      nullable: true,
      description: 'Description of the work item (also in its description widget).',
      resolve: (w) => w.row.description,
    }),
    project: t.field({
      type: ProjectRef,
      nullable: true,
      description: 'Project the work item belongs to (null for an epic, which belongs to a group).',
      resolve: (w, _a, c) => (w.kind === 'issue' ? c.loaders.project.load(w.row.project_id) : null),
    }),
    createNoteEmail: t.string({
      nullable: true,
      description:
        'User specific email address for the work item: mailing it comments as you. Null for epics, when incoming email is not set up, or when you may not comment.',
      resolve: async (w, _a, c) => {
        if (w.kind !== 'issue') return null;
        const project = await c.loaders.project.load(w.row.project_id);
        return createNoteEmail(c.ctx, c.actor, {
          issue: (await workItemSubject(c, w)) as IssueSubject,
          projectId: w.row.project_id,
          projectFullPath: project?.full_path ?? w.row.project_path,
          iid: w.row.iid,
        });
      },
    }),
    archived: t.boolean({
      description: 'Whether the work item belongs to an archived project.',
      resolve: async (w, _a, c) =>
        w.kind === 'issue' ? ((await c.loaders.project.load(w.row.project_id))?.archived ?? false) : false,
    }),
    confidential: t.boolean({
      description: 'Indicates the work item is confidential.',
      resolve: (w) => w.row.confidential,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of when the work item was created.',
      resolve: (w) => w.row.created_at,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp of when the work item was last updated.',
      resolve: (w) => w.row.updated_at,
    }),
    closedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the work item was closed.',
      resolve: (w) => w.row.closed_at,
    }),
    workItemType: t.field({
      type: WorkItemTypeRef,
      description: 'Type assigned to the work item.',
      resolve: (w) => workItemTypeOf(baseTypeOf(w)),
    }),
    namespace: t.field({
      type: NamespaceRef,
      nullable: true,
      description: 'Namespace the work item belongs to (its project or, for an epic, its group).',
      resolve: (w) => namespaceOf(w),
    }),
    author: userByIdField(t, 'User that created the work item.', (w) => w.row.author_id),
    ...webLinkFields(
      t,
      {
        webUrl: 'URL of this work item.',
        webPath: 'Web path of the work item.',
        reference: 'Internal reference of the work item. Returned in shortened format by default.',
      },
      (w, c) => workItemPath(c, w),
      (w, full, c) => workItemReference(c, w, full),
    ),
    userPermissions: t.field({
      type: WorkItemPermissions,
      description: 'Permissions for the current user on the resource.',
      resolve: async (w, _a, c) => ({ actor: c.actor, subject: await workItemSubject(c, w) }),
    }),
    widgets: t.field({
      type: [WidgetRef],
      description: 'Collection of widgets that belong to the work item.',
      args: {
        onlyTypes: t.arg({
          type: [WorkItemWidgetType],
          required: false,
          description: 'Only return widgets of the given types.',
        }),
      },
      resolve: (w, args) =>
        widgetDefinitions(baseTypeOf(w))
          .filter((d) => !args.onlyTypes || args.onlyTypes.includes(d.type))
          .map((d): WidgetShape => ({ type: d.type as WidgetType, item: w, definition: d })),
    }),
  }),
});
