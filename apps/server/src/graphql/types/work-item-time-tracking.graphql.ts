import { listIssueTimelogs, type TimelogRow } from '../../modules/time-tracking';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateService } from '../connection';
import { userByIdField } from './user-field';
import { issueRow, widget } from './work-item-widget';

/* The time tracking widget of a work item, and its timelogs (GitLab's Timelog). */

const TimelogRef = builder.objectRef<TimelogRow>('Timelog').implement({
  description: 'Time logged on a work item.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the timelog.', resolve: (l) => `gid://gitlab/Timelog/${l.id}` }),
    timeSpent: t.int({
      description: 'Time spent, in seconds (negative when time was subtracted).',
      resolve: (l) => l.time_spent,
    }),
    spentAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'When the time was spent.',
      resolve: (l) => l.spent_at,
    }),
    summary: t.string({
      nullable: true,
      description: 'Summary of how the time was spent.',
      resolve: (l) => l.summary || null,
    }),
    user: userByIdField(t, 'User that logged the time (null once the user is deleted).', (l) => l.user_id),
  }),
});
const TimelogConnection = defineConnection('Timelog', TimelogRef);

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
    resolve: (w, args, c) => {
      const row = issueRow(w);
      return paginateService(args, (window) =>
        row ? listIssueTimelogs(c.ctx.database.db, row.id, window) : Promise.resolve({ rows: [], total: 0 }),
      );
    },
  }),
}));
