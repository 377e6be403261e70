import type { WorkItemBaseType } from './work-item-types';

/** GitLab's widget types (`WorkItemWidgetType`), those Meridian serves. */
export const WIDGET_TYPES = [
  'ASSIGNEES',
  'LABELS',
  'WEIGHT',
  'DESCRIPTION',
  'PARTICIPANTS',
  'ROLLEDUP_DATES',
  'MILESTONE',
  'ITERATION',
  'START_AND_DUE_DATE',
  'PROGRESS',
  'HEALTH_STATUS',
  'COLOR',
  'HIERARCHY',
  'TIME_TRACKING',
  'CRM_CONTACTS',
  'NOTES',
  'NOTIFICATIONS',
  'CURRENT_USER_TODOS',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** A widget a type has, with the settings its definition shows (GitLab's WorkItemWidgetDefinition*). */
export type WidgetDefinition =
  | { type: 'ASSIGNEES'; allowsMultipleAssignees: boolean; canInviteMembers: boolean }
  | { type: 'LABELS'; allowsScopedLabels: boolean }
  | { type: 'WEIGHT'; editable: boolean; rollUp: boolean }
  | { type: Exclude<WidgetType, 'ASSIGNEES' | 'LABELS' | 'WEIGHT'> };

const assignees: WidgetDefinition = { type: 'ASSIGNEES', allowsMultipleAssignees: true, canInviteMembers: false };
const labels: WidgetDefinition = { type: 'LABELS', allowsScopedLabels: true };
const plain = (...types: Array<Exclude<WidgetType, 'ASSIGNEES' | 'LABELS' | 'WEIGHT'>>): WidgetDefinition[] =>
  types.map((type) => ({ type }));
/** What every type has, as in GitLab: its comments, its subscription and the reader's to-dos. */
const conversation = plain('NOTES', 'NOTIFICATIONS', 'CURRENT_USER_TODOS');

/** An issue's widgets; a task has the same. */
const ISSUE_WIDGETS: readonly WidgetDefinition[] = [
  assignees,
  labels,
  { type: 'WEIGHT', editable: true, rollUp: false },
  ...plain('DESCRIPTION', 'PARTICIPANTS', 'MILESTONE', 'ITERATION', 'START_AND_DUE_DATE', 'HEALTH_STATUS'),
  ...plain('HIERARCHY', 'TIME_TRACKING', 'CRM_CONTACTS'),
  ...conversation,
];

/**
 * Which widgets each type has. Weight is set by hand on issues and tasks and rolled up from
 * children on epics; epics carry no assignees, milestone or iteration of their own (their dates
 * roll up from milestones and child epics).
 */
export const WIDGET_DEFINITIONS: Readonly<Record<WorkItemBaseType, readonly WidgetDefinition[]>> = {
  issue: ISSUE_WIDGETS,
  incident: [
    assignees,
    labels,
    ...plain('DESCRIPTION', 'PARTICIPANTS', 'MILESTONE', 'ITERATION', 'START_AND_DUE_DATE'),
    ...plain('HIERARCHY', 'TIME_TRACKING', 'CRM_CONTACTS'),
    ...conversation,
  ],
  task: ISSUE_WIDGETS,
  objective: [
    assignees,
    labels,
    ...plain('DESCRIPTION', 'PARTICIPANTS', 'MILESTONE', 'PROGRESS', 'HEALTH_STATUS', 'HIERARCHY'),
    ...conversation,
  ],
  key_result: [
    assignees,
    labels,
    ...plain('DESCRIPTION', 'PARTICIPANTS', 'START_AND_DUE_DATE', 'PROGRESS', 'HEALTH_STATUS', 'HIERARCHY'),
    ...conversation,
  ],
  epic: [
    labels,
    { type: 'WEIGHT', editable: false, rollUp: true },
    ...plain('DESCRIPTION', 'PARTICIPANTS', 'ROLLEDUP_DATES', 'HEALTH_STATUS', 'COLOR', 'HIERARCHY'),
    ...conversation,
  ],
};

export function widgetDefinitions(type: WorkItemBaseType): readonly WidgetDefinition[] {
  return WIDGET_DEFINITIONS[type];
}

export function hasWidget(type: WorkItemBaseType, widget: WidgetType): boolean {
  return WIDGET_DEFINITIONS[type].some((d) => d.type === widget);
}
