import { issueRow, widget } from './work-item-widget';

/* The time tracking widget of a work item. */

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
}));
