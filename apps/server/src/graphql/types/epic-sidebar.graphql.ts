import { humanReadableDate, remainingTimeText } from '@meridian/domain';
import { epicSubject } from '../../modules/epics';
import { readableBy } from '../../modules/mentions';
import { webUrl } from '../../modules/namespaces';
import { canEpic } from '../../policy/abilities';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateArray } from '../connection';
import type { GraphQLContext } from '../context';
import { gid } from '../gid';
import type { EpicRow } from '../loaders/rows';
import { describedEnum } from './described-enum';
import { readableEpic } from './epic.graphql';
import { EpicState } from './epic-args';
import { UserCoreConnection } from './issue.graphql';
import { EpicRef, MilestoneRef } from './refs';

/*
 * The fields the epic page's sidebar (IE §2.3) reads: the viewer's subscription and to-do, where
 * inherited dates come from, the ancestors (with placeholders) and the participants (IE-32, IE-33).
 */

export const TodoStateEnum = describedEnum('TodoStateEnum', 'State of a to-do item.', {
  pending: 'State of the todo is pending.',
  done: 'State of the todo is done.',
});

export const TodoRef = builder.objectRef<{ id: number; state: string }>('Todo').implement({
  description: 'Representing a to-do entry.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the to-do item.', resolve: (todo) => gid('Todo', todo.id) }),
    state: t.field({
      type: TodoStateEnum,
      description: 'State of the to-do item.',
      resolve: (todo) => todo.state as 'pending' | 'done',
    }),
  }),
});
export const TodoConnection = defineConnection('Todo', TodoRef);

type Types = typeof builder.$inferSchemaTypes;

/** `currentUserTodos` of an epic or issue: the viewer's pending to-dos on it (done ones are not listed), paginated. */
export function currentUserTodosField<Row>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Row>,
  pendingTodos: (row: Row, c: GraphQLContext) => Promise<readonly { id: number; state: string }[]>,
) {
  return t.field({
    type: TodoConnection,
    description: 'To-do items for the current user (pending ones; none for anonymous visitors).',
    args: {
      ...pageArgs,
      state: t.arg({ type: TodoStateEnum, required: false, description: 'State of the to-do items.' }),
    },
    resolve: async (row, args, c) => paginateArray(args, args.state === 'done' ? [] : await pendingTodos(row, c)),
  });
}

const epicPath = (e: EpicRow) => `groups/${e.group_full_path}/-/epics/${e.iid}`;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * One ancestor on an epic's path to its root. An ancestor the viewer may not read is a placeholder:
 * `userPermissions`-free and title-less, with `readable: false`, so the page can say so without
 * the server leaking its title, state or address.
 */
const EpicAncestorRef = builder.objectRef<{ epic: EpicRow | null; depth: number }>('EpicAncestor').implement({
  description: 'An ancestor of an epic; its fields are null when you may not read it.',
  fields: (t) => ({
    readable: t.boolean({ description: 'Whether you may read this ancestor.', resolve: (a) => a.epic !== null }),
    id: t.id({ nullable: true, description: 'ID of the epic.', resolve: (a) => a.epic && gid('Epic', a.epic.id) }),
    title: t.string({ nullable: true, description: 'Title of the epic.', resolve: (a) => a.epic?.title ?? null }),
    state: t.field({
      type: EpicState,
      nullable: true,
      description: 'State of the epic.',
      resolve: (a) => (a.epic?.state as 'opened' | 'closed' | undefined) ?? null,
    }),
    url: t.string({
      nullable: true,
      description: 'Web URL of the epic.',
      resolve: (a, _args, c) => (a.epic ? webUrl(c.ctx, epicPath(a.epic)) : null),
    }),
    webPath: t.string({
      nullable: true,
      description: 'Web path of the epic.',
      resolve: (a) => (a.epic ? `/${epicPath(a.epic)}` : null),
    }),
    hasParent: t.boolean({
      nullable: true,
      description: 'Whether the ancestor has a parent (true except for the top-most).',
      resolve: (a) => (a.epic ? a.epic.parent_id !== null : null),
    }),
    humanReadableEndDate: t.string({
      nullable: true,
      description: 'Due date of the epic, e.g. "Mar 5, 2026".',
      resolve: (a) => humanReadableDate(a.epic?.due_date ?? null),
    }),
    humanReadableTimestamp: t.string({
      nullable: true,
      description: 'Time left or past, e.g. "3 days remaining" or "Past due".',
      resolve: (a) =>
        a.epic ? remainingTimeText({ startDate: a.epic.start_date, endDate: a.epic.due_date }, today()) : null,
    }),
  }),
});
const EpicAncestorConnection = defineConnection('EpicAncestor', EpicAncestorRef);

type EpicFieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, EpicRow>;

/** The milestone the epic's inherited start or due date comes from. */
const sourcingMilestoneField = (t: EpicFieldBuilder, date: 'start' | 'due') =>
  t.field({
    type: MilestoneRef,
    nullable: true,
    description: `Milestone the inherited ${date} date comes from (null when you may not read it).`,
    resolve: (e, _a, c) => {
      const id = e[`${date}_date_sourcing_milestone_id`];
      return id ? c.loaders.readableMilestone.load(id) : null;
    },
  });

/** The child epic the epic's inherited start or due date comes from. */
const sourcingEpicField = (t: EpicFieldBuilder, date: 'start' | 'due') =>
  t.field({
    type: EpicRef,
    nullable: true,
    description: `Child epic the inherited ${date} date comes from (null when you may not read it).`,
    resolve: (e, _a, c) => readableEpic(c, e[`${date}_date_sourcing_epic_id`]),
  });

builder.objectFields(EpicRef, (t) => ({
  subscribed: t.boolean({
    description: 'Indicates the currently logged in user is subscribed to the epic.',
    resolve: (e, _a, c) => c.loaders.epicSubscribed.load(e.id),
  }),
  currentUserTodos: currentUserTodosField(t, (e, c) => c.loaders.pendingEpicTodos.load(e.id)),
  startDateSourcingMilestone: sourcingMilestoneField(t, 'start'),
  dueDateSourcingMilestone: sourcingMilestoneField(t, 'due'),
  startDateSourcingEpic: sourcingEpicField(t, 'start'),
  dueDateSourcingEpic: sourcingEpicField(t, 'due'),
  ancestorPath: t.field({
    type: EpicAncestorConnection,
    description:
      'Every ancestor of the epic, from the top-most down; those you may not read are placeholders (`readable: false`).',
    args: { ...pageArgs },
    resolve: async (e, args, c) => paginateArray(args, await c.loaders.ancestorPath.load(e.id)),
  }),
  participants: t.field({
    type: UserCoreConnection,
    description:
      'List of participants for the epic: its author, commenters and the users it mentions, who may read it (at most 100).',
    args: { ...pageArgs },
    resolve: async (e, args, c) => {
      const subject = epicSubject(e);
      const users = await c.loaders.epicParticipants.load(e.id);
      return paginateArray(
        args,
        await readableBy(c.loaders.activeActors, users, (actor) => canEpic(actor, 'read_epic', subject)),
      );
    },
  }),
}));
