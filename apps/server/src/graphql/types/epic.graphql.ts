import { isInt4Id, textColorFor } from '@meridian/domain';
import { DomainError } from '../../errors';
import { countEpics, epicSubject, findEpic, listEpics } from '../../modules/epics';
import { webUrl } from '../../modules/namespaces';
import { canEpic } from '../../policy/abilities';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginate, paginateArray, paginateLoaders } from '../connection';
import type { GraphQLContext } from '../context';
import type { EpicRow } from '../loaders/rows';
import { whenLoaded } from '../loaders/settled-loader';
import { nullWhenNotFound, readable } from '../readable';
import { blockerFields } from './blocker-fields';
import { countsObject } from './counts-object';
import { type EpicListArgs, EpicState, epicListArgs, toEpicFilters } from './epic-args';
import { readableGroup } from './group.graphql';
import { EpicIssueConnection } from './issue.graphql';
import { LabelConnection } from './label.graphql';
import { EpicPermissions } from './permissions.graphql';
import { EpicRef, GroupRef } from './refs';
import { descriptionHtmlField, titledFields } from './titled-fields';
import { userByIdField } from './user-field';

export const EpicConnection = defineConnection('Epic', EpicRef);

const EpicDescendantCount = countsObject(
  'EpicDescendantCount',
  'Counts of descendent epics and of the issues of the epic and its descendants.',
  {
    openedEpics: 'Number of opened child epics.',
    closedEpics: 'Number of closed child epics.',
    openedIssues: 'Number of opened epic issues.',
    closedIssues: 'Number of closed epic issues.',
  },
);

const EpicDescendantWeights = countsObject(
  'EpicDescendantWeights',
  'Total weight of open and closed descendant issues.',
  {
    openedIssues: 'Total weight of opened issues in this epic tree.',
    closedIssues: 'Total weight of completed (closed) issues in this epic tree.',
  },
);

/** The epic when the actor may read it; null otherwise (never an error, as GitLab). */
async function readableEpic(c: GraphQLContext, id: number | null): Promise<EpicRow | null> {
  if (id == null) return null;
  return readable(c.loaders.epic.load(id), (row) => canEpic(c.actor, 'read_epic', epicSubject(row)));
}

export { readableEpic };

const epicPath = (e: EpicRow) => `groups/${e.group_full_path}/-/epics/${e.iid}`;

/**
 * Lists epics of a group (and, per filters, its subgroups/ancestors) through the epics service.
 * `hasNextPage` comes from fetching one row more than the page; the (capped) count runs only
 * when the client selects `count`.
 */
function resolveEpicList(
  c: GraphQLContext,
  group: { id: number; traversal_ids: number[] },
  args: EpicListArgs & Parameters<typeof paginate>[0],
  defaults: Parameters<typeof toEpicFilters>[1] = {},
  overrides: Parameters<typeof toEpicFilters>[1] = {},
) {
  const filters = { ...toEpicFilters(args, defaults), ...overrides };
  const db = c.ctx.database.db;
  return paginate(
    args,
    async ({ offset, limit }) => (await listEpics(db, c.actor, group, filters, { offset, limit, count: false })).rows,
    () => countEpics(db, c.actor, group, filters),
  );
}

type EpicFieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, EpicRow>;

/** Whether the epic's start or due date is fixed, its fixed value and the one it inherits from milestones or child epics. */
function inheritedDateFields<D extends 'start' | 'due'>(t: EpicFieldBuilder, date: D) {
  return {
    [`${date}DateIsFixed`]: t.boolean({
      description: `Indicates if the ${date} date has been manually set.`,
      resolve: (e) => e[`${date}_date_is_fixed`],
    }),
    [`${date}DateFixed`]: t.field({
      type: 'Time',
      nullable: true,
      description: `Fixed ${date} date of the epic.`,
      resolve: (e) => e[`${date}_date_fixed`],
    }),
    [`${date}DateFromMilestones`]: t.field({
      type: 'Time',
      nullable: true,
      description: `Inherited ${date} date of the epic from milestones or child epics.`,
      resolve: (e) => e[`${date}_date_inherited`],
    }),
  };
}

EpicRef.implement({
  description: 'Represents an epic.',
  fields: (t) => ({
    ...titledFields(t, 'Epic', 'the epic'),
    descriptionHtml: descriptionHtmlField(t, 'epics'),
    state: t.field({
      type: EpicState,
      description: 'State of the epic.',
      resolve: (e) => e.state as 'opened' | 'closed',
    }),
    confidential: t.exposeBoolean('confidential', { description: 'Indicates if the epic is confidential.' }),
    color: t.exposeString('color', { description: 'Color of the epic.' }),
    textColor: t.string({ description: 'Text color generated for the epic.', resolve: (e) => textColorFor(e.color) }),
    relativePosition: t.int({
      nullable: true,
      description: 'Relative position of the epic in the epic tree.',
      resolve: (e) => e.relative_position,
    }),
    webUrl: t.string({ description: 'Web URL of the epic.', resolve: (e, _a, c) => webUrl(c.ctx, epicPath(e)) }),
    webPath: t.string({ description: 'Web path of the epic.', resolve: (e) => `/${epicPath(e)}` }),
    reference: t.string({
      description: 'Internal reference of the epic. Returned in shortened format by default.',
      args: {
        full: t.arg.boolean({
          required: false,
          defaultValue: false,
          description: 'Indicates if the reference should be returned in full.',
        }),
      },
      resolve: (e, args) => (args.full ? `${e.group_full_path}&${e.iid}` : `&${e.iid}`),
    }),
    createdAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the epic was created.',
      resolve: (e) => e.created_at,
    }),
    updatedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the epic was updated.',
      resolve: (e) => e.updated_at,
    }),
    closedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the epic was closed.',
      resolve: (e) => e.closed_at,
    }),
    startDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Start date of the epic.',
      resolve: (e) => e.start_date,
    }),
    dueDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Due date of the epic.',
      resolve: (e) => e.due_date,
    }),
    ...inheritedDateFields(t, 'start'),
    ...inheritedDateFields(t, 'due'),
    author: userByIdField(t, 'Author of the epic.', (e) => e.author_id),
    group: t.field({
      type: GroupRef,
      description: 'Group to which the epic belongs.',
      resolve: (e, _a, c) =>
        whenLoaded(readableGroup(c, e.group_id), (group) => {
          if (!group) throw new DomainError('not_found', '404 Group Not Found');
          return group;
        }),
    }),
    hasParent: t.boolean({
      description: 'Indicates if the epic has a parent epic you may read.',
      // Same batch as `parent`, so a parent the viewer may not read is not revealed (review I2).
      resolve: (e, _a, c) =>
        e.parent_id != null && whenLoaded(c.loaders.ancestors.loadNow(e.id), (up) => up.some((a) => a.depth === 1)),
    }),
    parent: t.field({
      type: EpicRef,
      nullable: true,
      description: 'Parent epic of the epic (null when there is none or you may not read it).',
      // From the ancestors batch (depth 1 = the direct parent): one statement for parent and ancestors.
      resolve: (e, _a, c) =>
        e.parent_id == null
          ? null
          : whenLoaded(c.loaders.ancestors.loadNow(e.id), (up) => up.find((a) => a.depth === 1) ?? null),
    }),
    ancestors: t.field({
      type: EpicConnection,
      description: 'Ancestors (parents) of the epic, from the top-most down.',
      args: { ...pageArgs },
      resolve: async (e, args, c) => paginateArray(args, await c.loaders.ancestors.load(e.id)),
    }),
    hasChildren: t.boolean({
      description: 'Indicates if the epic has children.',
      // A readable child is the first level of the descendant walk: one statement with descendantCounts.
      resolve: (e, _a, c) => whenLoaded(c.loaders.treeStats.loadNow(e.id), (s) => s.openedEpics + s.closedEpics > 0),
    }),
    hasIssues: t.boolean({
      description: 'Indicates if the epic has direct issues.',
      resolve: (e, _a, c) => c.loaders.hasIssues.loadNow(e.id),
    }),
    ...blockerFields(t, {
      noun: 'epics',
      connection: EpicConnection,
      load: (c, id) => c.loaders.blockedBy.loadNow(id),
    }),
    descendantCounts: t.field({
      type: EpicDescendantCount,
      description: 'Number of open and closed descendant epics and issues.',
      resolve: (e, _a, c) => c.loaders.treeStats.loadNow(e.id),
    }),
    descendantWeightSum: t.field({
      type: EpicDescendantWeights,
      description: 'Total weight of open and closed issues in the epic and its descendants.',
      resolve: (e, _a, c) =>
        whenLoaded(c.loaders.treeStats.loadNow(e.id), (s) => ({
          openedIssues: s.openedIssuesWeight,
          closedIssues: s.closedIssuesWeight,
        })),
    }),
    labels: t.field({
      type: LabelConnection,
      description: 'Labels assigned to the epic.',
      args: { ...pageArgs },
      resolve: (e, args, c) => whenLoaded(c.loaders.epicLabels.loadNow(e.id), (labels) => paginateArray(args, labels)),
    }),
    children: t.field({
      type: EpicConnection,
      description: 'Children (sub-epics) of the epic.',
      args: { ...pageArgs, ...epicListArgs },
      resolve: (e, args, c) => {
        const { parentId: _parent, ...filters } = toEpicFilters(args, { orderBy: 'relative_position', sort: 'asc' });
        // Children may live anywhere in the parent's hierarchy: searched from its root group down.
        const key = { parentId: e.id, rootId: e.group_traversal_ids[0] ?? e.group_id, filters };
        return paginateLoaders(args, key, { page: c.loaders.childEpics, count: c.loaders.childEpicCount });
      },
    }),
    issues: t.field({
      type: EpicIssueConnection,
      description: 'A list of issues associated with the epic.',
      args: { ...pageArgs },
      resolve: (e, args, c) => {
        const key = { parentId: e.id, rootId: e.id, filters: null };
        return paginateLoaders(args, key, { page: c.loaders.epicIssues, count: c.loaders.epicIssueCount });
      },
    }),
    userPermissions: t.field({
      type: EpicPermissions,
      description: 'Permissions for the current user on the resource.',
      resolve: (e, _a, c) => ({ actor: c.actor, epic: epicSubject(e) }),
    }),
  }),
});

builder.objectFields(GroupRef, (t) => ({
  epics: t.field({
    type: EpicConnection,
    description: 'Find epics of the group (and, by default, of its subgroups).',
    args: { ...pageArgs, ...epicListArgs },
    resolve: (g, args, c) => resolveEpicList(c, g, args),
  }),
  epic: t.field({
    type: EpicRef,
    nullable: true,
    description: 'Find a single epic by iid; null when missing or hidden from you, or without an iid.',
    // Nullable as GitLab's: its epic sidebar and tree documents declare `$iid: ID`.
    args: { iid: t.arg.id({ required: false, description: 'IID of the epic, e.g., "1".' }) },
    resolve: async (g, args, c) => {
      if (args.iid == null) return null;
      const iid = Number(args.iid);
      if (!isInt4Id(iid)) return null;
      const epic = await nullWhenNotFound(findEpic(c.ctx.database.db, c.actor, g.id, iid));
      // Its children's relation paths name it: no second look-up.
      if (epic) c.loaders.epic.prime(epic.id, epic);
      return epic;
    },
  }),
}));
