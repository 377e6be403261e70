import { listIssueTimelogs, type TimelogRow } from '../../modules/time-tracking';
import type { IssueSubject } from '../../policy/subjects';
import { canAdminTimelog } from '../../policy/timelog-abilities';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateService } from '../connection';
import { gid } from '../gid';
import { NoteRef } from '../live/note.graphql';
import { userByIdField } from './user-field';
import { workItemSubject } from './work-item-subject';
import { issueRow, widget } from './work-item-widget';

/* The time tracking widget of a work item, and its timelogs (GitLab's WorkItemTimelog). */

interface TimelogShape {
  row: TimelogRow;
  issue: IssueSubject;
}

const TimelogPermissions = builder.objectRef<TimelogShape>('TimelogPermissions').implement({
  description: 'Check permissions for the current user on a timelog.',
  fields: (t) => ({
    adminTimelog: t.boolean({
      description: 'If `true`, the user can perform `admin_timelog` on this resource.',
      resolve: (l, _a, c) => canAdminTimelog(c.actor, l.row.user_id, l.issue),
    }),
  }),
});

const TimelogRef = builder.objectRef<TimelogShape>('WorkItemTimelog').implement({
  description: 'Time logged on a work item.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the timelog.', resolve: (l) => gid('Timelog', l.row.id) }),
    timeSpent: t.int({
      description: 'Time spent, in seconds (negative when time was subtracted).',
      resolve: (l) => l.row.time_spent,
    }),
    spentAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'When the time was spent.',
      resolve: (l) => l.row.spent_at,
    }),
    summary: t.string({
      nullable: true,
      description: 'Summary of how the time was spent.',
      resolve: (l) => l.row.summary || null,
    }),
    user: userByIdField(t, 'User that logged the time (null once the user is deleted).', (l) => l.row.user_id),
    note: t.field({
      type: NoteRef,
      nullable: true,
      description: 'The note the time was logged with (Meridian logs time apart from notes: always null).',
      resolve: () => null,
    }),
    userPermissions: t.field({
      type: TimelogPermissions,
      description: 'Permissions for the current user on the resource.',
      resolve: (l) => l,
    }),
  }),
});
const TimelogConnection = defineConnection('WorkItemTimelog', TimelogRef);

widget('WorkItemWidgetTimeTracking', 'TIME_TRACKING', 'Represents a time tracking widget.', (t) => ({
  timeEstimate: t.int({
    nullable: true,
    description: 'Time estimate of the work item (seconds).',
    resolve: (w) => issueRow(w)?.time_estimate ?? 0,
  }),
  totalTimeSpent: t.int({
    nullable: true,
    description: 'Time spent on the work item (seconds).',
    resolve: (w, _a, c) => {
      const row = issueRow(w);
      return row ? c.loaders.totalTimeSpent.load(row.id) : 0;
    },
  }),
  timelogs: t.field({
    type: TimelogConnection,
    description: 'Time logged on the work item, oldest first (at most 100 a page).',
    args: pageArgs,
    resolve: async (w, args, c) => {
      const row = issueRow(w);
      if (!row) return paginateService(args, () => Promise.resolve({ rows: [], total: 0 }));
      const issue = (await workItemSubject(c, w.item)) as IssueSubject;
      return paginateService(args, async (window) => {
        const page = await listIssueTimelogs(c.ctx.database.db, row.id, window);
        return { rows: page.rows.map((timelog) => ({ row: timelog, issue })), total: page.total };
      });
    },
  }),
}));
