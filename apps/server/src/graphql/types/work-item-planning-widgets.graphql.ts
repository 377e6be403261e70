import { GRAPHQL_HEALTH_STATUS, graphqlHealthStatus, textColorFor } from '@meridian/domain';
import { builder } from '../builder';
import { HealthStatus } from './issue-args';
import { IterationRef } from './iteration.graphql';
import { MilestoneRef } from './refs';
import { childStats, epicRow, issueRow, widget } from './work-item-widget';

/* The date and planning widgets of a work item: rolled-up dates, milestone, iteration, dates, progress, health, colour. */

widget(
  'WorkItemWidgetRolledupDates',
  'ROLLEDUP_DATES',
  'Represents the rolled-up dates widget (epics: fixed or inherited).',
  (t) => ({
    startDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'Start date (fixed or rolled up).',
      resolve: (w) => epicRow(w)?.start_date ?? null,
    }),
    startDateFixed: t.field({
      type: 'Date',
      nullable: true,
      description: 'Fixed start date.',
      resolve: (w) => epicRow(w)?.start_date_fixed ?? null,
    }),
    startDateIsFixed: t.boolean({
      description: 'Indicates if the start date is fixed.',
      resolve: (w) => epicRow(w)?.start_date_is_fixed ?? false,
    }),
    dueDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'Due date (fixed or rolled up).',
      resolve: (w) => epicRow(w)?.due_date ?? null,
    }),
    dueDateFixed: t.field({
      type: 'Date',
      nullable: true,
      description: 'Fixed due date.',
      resolve: (w) => epicRow(w)?.due_date_fixed ?? null,
    }),
    dueDateIsFixed: t.boolean({
      description: 'Indicates if the due date is fixed.',
      resolve: (w) => epicRow(w)?.due_date_is_fixed ?? false,
    }),
  }),
);

widget('WorkItemWidgetMilestone', 'MILESTONE', 'Represents a milestone widget.', (t) => ({
  milestone: t.field({
    type: MilestoneRef,
    nullable: true,
    description: 'Milestone of the work item.',
    resolve: (w, _a, c) => {
      const id = issueRow(w)?.milestone_id;
      return id ? c.loaders.milestone.load(id) : null;
    },
  }),
}));

widget('WorkItemWidgetIteration', 'ITERATION', 'Represents an iteration widget.', (t) => ({
  iteration: t.field({
    type: IterationRef,
    nullable: true,
    description: 'Iteration of the work item (null when none or hidden from you).',
    resolve: (w, _a, c) => {
      const id = issueRow(w)?.iteration_id;
      return id ? c.loaders.iteration.load(id) : null;
    },
  }),
}));

widget('WorkItemWidgetStartAndDueDate', 'START_AND_DUE_DATE', 'Represents a start and due date widget.', (t) => ({
  startDate: t.field({
    type: 'Date',
    nullable: true,
    description: 'Start date of the work item.',
    resolve: (w) => issueRow(w)?.start_date ?? null,
  }),
  dueDate: t.field({
    type: 'Date',
    nullable: true,
    description: 'Due date of the work item.',
    resolve: (w) => issueRow(w)?.due_date ?? null,
  }),
}));

widget('WorkItemWidgetProgress', 'PROGRESS', 'Represents a progress widget.', (t) => ({
  progress: t.int({
    nullable: true,
    description: 'Progress of the work item (0 to 100).',
    resolve: (w) => issueRow(w)?.progress ?? null,
  }),
}));

const HealthCount = builder
  .objectRef<{ healthStatus: string; count: number }>('WorkItemWidgetHealthStatusCount')
  .implement({
    description: 'How many direct children have a health status.',
    fields: (t) => ({
      healthStatus: t.field({
        type: HealthStatus,
        description: 'Health status.',
        resolve: (h) => h.healthStatus as 'onTrack',
      }),
      count: t.exposeInt('count', { description: 'Number of children with the health status.' }),
    }),
  });

widget('WorkItemWidgetHealthStatus', 'HEALTH_STATUS', 'Represents a health status widget.', (t) => ({
  healthStatus: t.field({
    type: HealthStatus,
    nullable: true,
    description: 'Health status of the work item.',
    resolve: (w) => graphqlHealthStatus(issueRow(w)?.health_status),
  }),
  rolledUpHealthStatus: t.field({
    type: [HealthCount],
    nullable: true,
    description: 'Health status counts of the open direct children you may read.',
    resolve: async (w, _a, c) => {
      const counts = new Map<string, number>();
      for (const s of await childStats(c, w.item)) {
        const h = graphqlHealthStatus(s.health_status);
        if (h && s.state === 'opened') counts.set(h, (counts.get(h) ?? 0) + s.count);
      }
      return Object.values(GRAPHQL_HEALTH_STATUS).map((healthStatus) => ({
        healthStatus,
        count: counts.get(healthStatus) ?? 0,
      }));
    },
  }),
}));

widget('WorkItemWidgetColor', 'COLOR', 'Represents a color widget.', (t) => ({
  color: t.string({
    nullable: true,
    description: 'Color of the work item.',
    resolve: (w) => epicRow(w)?.color ?? null,
  }),
  textColor: t.string({
    nullable: true,
    description: 'Text color generated for the work item.',
    resolve: (w) => {
      const color = epicRow(w)?.color;
      return color ? textColorFor(color) : null;
    },
  }),
}));
