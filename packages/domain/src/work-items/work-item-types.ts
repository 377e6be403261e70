/**
 * The work item types Meridian knows (GitLab's base types and their fixed ids, so
 * `gid://gitlab/WorkItems::Type/5` is the Task type in both). Issue-backed types live in the
 * issues table (`issue_type`); Epic lives in the epics table.
 */
export const WORK_ITEM_BASE_TYPES = ['issue', 'incident', 'task', 'objective', 'key_result', 'epic'] as const;
export type WorkItemBaseType = (typeof WORK_ITEM_BASE_TYPES)[number];
/** The types stored as rows of the issues table. */
export type IssueBackedType = Exclude<WorkItemBaseType, 'epic'>;

export interface WorkItemTypeInfo {
  id: number;
  baseType: WorkItemBaseType;
  /** GitLab's display name (`Key Result`). */
  name: string;
  iconName: string;
}

export const WORK_ITEM_TYPES: readonly WorkItemTypeInfo[] = [
  { id: 1, baseType: 'issue', name: 'Issue', iconName: 'issue-type-issue' },
  { id: 2, baseType: 'incident', name: 'Incident', iconName: 'issue-type-incident' },
  { id: 5, baseType: 'task', name: 'Task', iconName: 'issue-type-task' },
  { id: 6, baseType: 'objective', name: 'Objective', iconName: 'issue-type-objective' },
  { id: 7, baseType: 'key_result', name: 'Key Result', iconName: 'issue-type-keyresult' },
  { id: 8, baseType: 'epic', name: 'Epic', iconName: 'issue-type-epic' },
];

export function workItemTypeOf(baseType: WorkItemBaseType): WorkItemTypeInfo {
  return WORK_ITEM_TYPES.find((t) => t.baseType === baseType) as WorkItemTypeInfo;
}

export function workItemTypeById(id: number): WorkItemTypeInfo | undefined {
  return WORK_ITEM_TYPES.find((t) => t.id === id);
}

/** The type named `name` (GitLab's names, case-insensitive: `key result`); undefined when none. */
export function workItemTypeByName(name: string): WorkItemTypeInfo | undefined {
  const wanted = name.trim().toLowerCase();
  return WORK_ITEM_TYPES.find((t) => t.name.toLowerCase() === wanted);
}

export function isIssueBackedType(type: WorkItemBaseType): type is IssueBackedType {
  return type !== 'epic';
}
