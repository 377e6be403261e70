import { isInt4Id } from '@meridian/domain';
import type { ObjectRef } from '@pothos/core';
import { badRequest } from '../../errors';
import { todayIso } from '../../lib/today';
import { inheritedGroupIds, type SuggestionContainer } from '../../modules/autocomplete';
import {
  type IterationFilters,
  type IterationListRow,
  type IterationStateFilter,
  iterationState,
  listIterations,
} from '../../modules/iterations';
import { webUrl } from '../../modules/namespaces';
import { builder } from '../builder';
import { byPageNumber, defineConnection, type PageArgs, pageArgs, paginateService } from '../connection';
import type { GraphQLContext } from '../context';
import { gid, parseGid } from '../gid';
import { describedEnum } from './described-enum';
import { GroupRef, issueFields, ProjectRef } from './refs';

const today = () => todayIso();

const IterationState = describedEnum('IterationState', 'State of a GitLab iteration.', {
  upcoming: 'Upcoming iteration.',
  current: 'Current iteration.',
  opened: 'Open iteration (upcoming or current).',
  closed: 'Closed iteration.',
  all: 'Any iteration.',
});

const IterationSearchableField = builder.enumType('IterationSearchableField', {
  description: 'Fields to perform the search in.',
  values: {
    TITLE: { value: 'title', description: 'Search in title field.' },
    CADENCE_TITLE: { value: 'cadence_title', description: 'Search in cadence_title field.' },
  } as const,
});

const IterationSort = describedEnum('IterationSort', 'Iteration sort values.', {
  CADENCE_AND_DUE_DATE_DESC: 'Sort by cadence then due date, latest first (the only order served).',
});

interface IterationCadenceShape {
  id: number;
  title: string;
  durationInWeeks: number | null;
}

const IterationCadence = builder.objectRef<IterationCadenceShape>('IterationCadence').implement({
  description: 'Represents an iteration cadence.',
  fields: (t) => ({
    id: t.id({
      description: 'Global ID of the iteration cadence.',
      resolve: (c) => `gid://gitlab/Iterations::Cadence/${c.id}`,
    }),
    title: t.exposeString('title', { description: 'Title of the iteration cadence.' }),
    durationInWeeks: t.exposeInt('durationInWeeks', {
      nullable: true,
      description: 'Duration in weeks of the iterations within this cadence.',
    }),
  }),
});

export const IterationRef = builder.objectRef<IterationListRow>('Iteration').implement({
  description: 'Represents an iteration object.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the iteration.', resolve: (it) => gid('Iteration', it.id) }),
    iid: t.id({ description: 'Internal ID of the iteration.', resolve: (it) => String(it.iid) }),
    title: t.string({ nullable: true, description: 'Title of the iteration.', resolve: (it) => it.title }),
    startDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Start date of the iteration.',
      resolve: (it) => it.start_date,
    }),
    dueDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Due date of the iteration.',
      resolve: (it) => it.due_date,
    }),
    state: t.field({
      type: IterationState,
      description: 'State of the iteration.',
      resolve: (it) => iterationState(it.start_date, it.due_date, today()),
    }),
    webPath: t.string({
      description: 'Web path of the iteration.',
      resolve: (it) => `/groups/${it.group_full_path}/-/iterations/${it.id}`,
    }),
    webUrl: t.string({
      description: 'Web URL of the iteration.',
      resolve: (it, _a, c) => webUrl(c.ctx, `groups/${it.group_full_path}/-/iterations/${it.id}`),
    }),
    iterationCadence: t.field({
      type: IterationCadence,
      description: 'Cadence of the iteration.',
      resolve: (it) => ({
        id: it.iterations_cadence_id,
        title: it.cadence_title,
        durationInWeeks: it.cadence_duration_in_weeks,
      }),
    }),
  }),
});

const IterationConnection = defineConnection('Iteration', IterationRef);

interface IterationArgs extends PageArgs {
  search?: string | null;
  in?: Array<'title' | 'cadence_title'> | null;
  id?: string | number | null;
  state?: IterationStateFilter | null;
  includeAncestors?: boolean | null;
}

function iterationId(raw: string | number): number {
  const s = String(raw);
  const id = /^\d{1,10}$/.test(s) ? Number(s) : parseGid(s, ['Iteration']);
  if (id === null || !isInt4Id(id)) throw badRequest('id is not a valid Iteration ID', 'id');
  return id;
}

/** Iterations of the container's groups (with its ancestors when asked), sorted by cadence then due date, latest first. */
function resolveIterations(
  c: GraphQLContext,
  container: SuggestionContainer,
  args: IterationArgs,
  ancestorsByDefault: boolean,
) {
  const chain = inheritedGroupIds(container);
  const includeAncestors = args.includeAncestors ?? ancestorsByDefault;
  const own = chain[chain.length - 1];
  const filters: IterationFilters = {
    groupIds: includeAncestors ? chain : own === undefined ? [] : [own],
    search: args.search?.trim() || undefined,
    searchIn: args.in ?? undefined,
    state: args.state ?? 'all',
    today: today(),
  };
  if (args.id != null) filters.id = iterationId(args.id);
  return paginateService(
    args,
    byPageNumber((page, perPage) =>
      listIterations(c.ctx.database.db, c.actor, filters, { page, perPage }, 'latestFirst'),
    ),
  );
}

const iterationArgs = builder.args((t) => ({
  search: t.string({
    required: false,
    description: 'Query used for fuzzy-searching in the fields selected in the argument `in`.',
  }),
  in: t.field({
    type: [IterationSearchableField],
    required: false,
    description:
      'Fields in which the fuzzy-search should be performed with the query given in the argument `search` (default both).',
  }),
  id: t.id({ required: false, description: 'Global ID of the Iteration to look up.' }),
  state: t.field({ type: IterationState, required: false, description: 'Filter iterations by state (default all).' }),
  sort: t.field({ type: IterationSort, required: false, description: 'List iterations by sort order.' }),
}));

/** `iterations` of a group or project: those of `container(row)`'s groups, ancestors included by default or not. */
function iterationsField<Row>(
  ref: ObjectRef<typeof builder.$inferSchemaTypes, Row>,
  says: { description: string; includeAncestors: string },
  container: (row: Row) => SuggestionContainer,
  ancestorsByDefault: boolean,
) {
  builder.objectFields(ref, (t) => ({
    iterations: t.field({
      type: IterationConnection,
      description: says.description,
      args: {
        ...pageArgs,
        ...iterationArgs,
        includeAncestors: t.arg.boolean({ required: false, description: says.includeAncestors }),
      },
      resolve: (row, args, c) => resolveIterations(c, container(row), args, ancestorsByDefault),
    }),
  }));
}

iterationsField(
  GroupRef,
  {
    description: 'Find iterations of the group.',
    includeAncestors: 'Whether to include ancestor iterations (default false).',
  },
  (group) => ({ kind: 'group', group }),
  false,
);
iterationsField(
  ProjectRef,
  {
    description: "Find iterations of the project's groups.",
    includeAncestors: "Whether to include the iterations of the project group's ancestors (default true).",
  },
  (project) => ({ kind: 'project', project }),
  true,
);

issueFields((t) => ({
  iteration: t.field({
    type: IterationRef,
    nullable: true,
    description: 'Iteration of the issue (null when none or its group is hidden from you).',
    resolve: (i, _a, c) => (i.iteration_id ? c.loaders.iteration.load(i.iteration_id) : null),
  }),
}));
