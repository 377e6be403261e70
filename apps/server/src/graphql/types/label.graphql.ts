import { textColorFor } from '@meridian/domain';
import type { LabelContainer } from '../../modules/labels';
import { listLabels } from '../../modules/labels';
import type { GroupRow, ProjectRow } from '../../modules/namespaces';
import { builder } from '../builder';
import { byPageNumber, defineConnection, pageArgs, paginateService } from '../connection';
import type { GraphQLContext } from '../context';
import { gid } from '../gid';
import { GroupRef, LabelRef, ProjectRef } from './refs';

LabelRef.implement({
  description: 'A label: a group label (inherited by subgroups and projects) or a project label.',
  fields: (t) => ({
    id: t.id({
      description: 'Label ID.',
      resolve: (l) => (l.group_id != null ? gid('GroupLabel', l.id) : gid('ProjectLabel', l.id)),
    }),
    title: t.exposeString('title', { description: 'Content of the label.' }),
    color: t.exposeString('color', { description: 'Background color of the label.' }),
    textColor: t.string({ description: 'Text color of the label.', resolve: (l) => textColorFor(l.color) }),
    description: t.exposeString('description', { nullable: true, description: 'Description of the label.' }),
    createdAt: t.field({ type: 'Time', description: 'When the label was created.', resolve: (l) => l.created_at }),
    updatedAt: t.field({ type: 'Time', description: 'When the label was last updated.', resolve: (l) => l.updated_at }),
  }),
});

export const LabelConnection = defineConnection('Label', LabelRef);

interface LabelArgs {
  searchTerm?: string | null;
  includeAncestorGroups?: boolean | null;
  includeDescendantGroups?: boolean | null;
  onlyGroupLabels?: boolean | null;
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

function resolveLabels(c: GraphQLContext, container: LabelContainer, args: LabelArgs) {
  return paginateService(
    args,
    byPageNumber((page, perPage) =>
      listLabels(c.ctx.database.db, c.actor, container, {
        search: args.searchTerm ?? undefined,
        includeAncestorGroups: args.includeAncestorGroups ?? false,
        includeDescendantGroups: args.includeDescendantGroups ?? false,
        onlyGroupLabels: args.onlyGroupLabels ?? true,
        page,
        perPage,
      }),
    ),
  );
}

/** The label arguments of both groups and projects. */
const labelArgs = builder.args((t) => ({
  ...pageArgs,
  searchTerm: t.string({ required: false, description: 'Search term to find labels with.' }),
  includeAncestorGroups: t.boolean({
    required: false,
    defaultValue: false,
    description: 'Include labels from ancestor groups.',
  }),
}));

builder.objectFields(GroupRef, (t) => ({
  labels: t.field({
    type: LabelConnection,
    description: 'Labels available on this group.',
    args: {
      ...labelArgs,
      includeDescendantGroups: t.arg.boolean({
        required: false,
        defaultValue: false,
        description: 'Include labels from descendant groups.',
      }),
      onlyGroupLabels: t.arg.boolean({
        required: false,
        defaultValue: true,
        description: 'Include only group level labels (no project labels).',
      }),
    },
    resolve: (g: GroupRow, args, c) => resolveLabels(c, { kind: 'group', group: g }, args),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  labels: t.field({
    type: LabelConnection,
    description: 'Labels available on this project.',
    args: labelArgs,
    resolve: (p: ProjectRow, args, c) =>
      resolveLabels(c, { kind: 'project', project: p }, { ...args, onlyGroupLabels: false }),
  }),
}));
