import { badRequest } from '../../errors';
import {
  createTimelineEvent,
  destroyTimelineEvent,
  listTimelineEvents,
  parseTimelineEventCreate,
  parseTimelineEventUpdate,
  type TimelineEventRow,
  updateTimelineEvent,
} from '../../modules/incidents';
import { findReadableIssueById } from '../../modules/issues';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateArray } from '../connection';
import { gid, gidArgument } from '../gid';
import { mutationInput, objectMutation } from '../input-mutation';
import './global-ids';
import { IssueRef, ProjectRef } from './refs';
import { userByIdField } from './user-field';

/*
 * GitLab's incident timeline (IE §4): `Project.incidentManagementTimelineEvents(incidentId:)` and
 * the mutations `timelineEventCreate`, `timelineEventUpdate`, `timelineEventDestroy`, over the
 * incidents module's service (readers of the incident read it; Developers and up change it).
 */

const TIMELINE_GID = 'IncidentManagement::TimelineEvent' as const;

export const TimelineEventRef = builder.objectRef<TimelineEventRow>('TimelineEventType').implement({
  description: 'Describes an incident management timeline event',
  fields: (t) => ({
    id: t.id({ description: 'ID of the timeline event.', resolve: (e) => gid(TIMELINE_GID, e.id) }),
    action: t.exposeString('action', { description: 'Indicates the timeline event icon.' }),
    author: userByIdField(t, 'User that created the timeline event.', (e) => e.author_id),
    updatedByUser: userByIdField(t, 'User that updated the timeline event.', (e) => e.updated_by_user_id),
    incident: t.field({
      type: IssueRef,
      description: 'Incident of the timeline event.',
      resolve: async (e, _a, c) => {
        const issue = await findReadableIssueById(c.ctx.database.db, c.actor, e.issue_id);
        if (!issue) throw badRequest('incident is not readable');
        return issue;
      },
    }),
    note: t.exposeString('note', { description: 'Text note of the timeline event.' }),
    noteHtml: t.exposeString('note_html', { description: 'HTML note of the timeline event.' }),
    editable: t.exposeBoolean('editable', { description: 'Indicates the timeline event is editable.' }),
    occurredAt: t.field({
      type: 'Time',
      description: 'Timestamp when the event occurred.',
      resolve: (e) => e.occurred_at,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp when the event created.',
      resolve: (e) => e.created_at,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp when the event updated.',
      resolve: (e) => e.updated_at,
    }),
  }),
});

const TimelineEventConnection = defineConnection('TimelineEventType', TimelineEventRef);

const issueIdOf = (value: string) => gidArgument(value, ['Issue'], 'incidentId');
const eventIdOf = (value: string) => gidArgument(value, [TIMELINE_GID], 'id');

builder.objectFields(ProjectRef, (t) => ({
  incidentManagementTimelineEvents: t.field({
    type: TimelineEventConnection,
    nullable: true,
    description: 'Incident Management Timeline events associated with the incident.',
    args: {
      ...pageArgs,
      incidentId: t.arg({ type: 'IssueID', required: true, description: 'ID of the incident.' }),
    },
    resolve: async (_p, args, c) =>
      paginateArray(args, await listTimelineEvents(c.ctx.database.db, c.actor, issueIdOf(String(args.incidentId)))),
  }),
}));

const payload = { key: 'timelineEvent', type: TimelineEventRef, description: 'Timeline event.' } as const;

const TimelineEventCreateInput = mutationInput('TimelineEventCreate', (t) => ({
  incidentId: t.field({ type: 'IssueID', required: true, description: 'Incident ID of the timeline event.' }),
  note: t.string({
    required: true,
    description: 'Text note of the timeline event.',
    extensions: { maxLength: 10000 },
  }),
  occurredAt: t.field({ type: 'Time', required: true, description: 'Timestamp of when the event occurred.' }),
}));

objectMutation('timelineEventCreate', {
  input: TimelineEventCreateInput,
  payload,
  description: 'Creates an incident timeline event.',
  change: (input, c) => {
    const parsed = parseTimelineEventCreate({ note: input.note, occurredAt: input.occurredAt });
    return createTimelineEvent(c.ctx.database.db, c.actor, issueIdOf(String(input.incidentId)), parsed);
  },
});

const TimelineEventUpdateInput = mutationInput('TimelineEventUpdate', (t) => ({
  id: t.field({
    type: 'IncidentManagementTimelineEventID',
    required: true,
    description: 'ID of the timeline event.',
  }),
  note: t.string({
    required: false,
    description: 'Text note of the timeline event.',
    extensions: { maxLength: 10000 },
  }),
  occurredAt: t.field({ type: 'Time', required: false, description: 'Timestamp when the event occurred.' }),
}));

objectMutation('timelineEventUpdate', {
  input: TimelineEventUpdateInput,
  payload,
  description: 'Updates an incident timeline event.',
  change: (input, c) => {
    const parsed = parseTimelineEventUpdate({
      ...(input.note != null ? { note: input.note } : {}),
      ...(input.occurredAt != null ? { occurredAt: input.occurredAt } : {}),
    });
    return updateTimelineEvent(c.ctx.database.db, c.actor, eventIdOf(String(input.id)), parsed);
  },
});

const TimelineEventDestroyInput = mutationInput('TimelineEventDestroy', (t) => ({
  id: t.field({
    type: 'IncidentManagementTimelineEventID',
    required: true,
    description: 'Timeline event ID to remove.',
  }),
}));

objectMutation('timelineEventDestroy', {
  input: TimelineEventDestroyInput,
  payload,
  description: 'Removes an incident timeline event.',
  change: (input, c) => destroyTimelineEvent(c.ctx.database.db, c.actor, eventIdOf(String(input.id))),
});
