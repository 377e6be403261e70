/**
 * How Jira's issues become Meridian's (issue 32's Jira importer): the pure rules, shared by the
 * server (which applies them) and the web (which shows the mapping before the import starts and lets
 * it be edited). The decisions, documented in the imports README:
 *
 * - Issue types: an Epic becomes an epic of the group that owns the project (Meridian's epics are
 *   group items, as GitLab's are); a sub-task becomes a task (a child work item) under its parent
 *   issue; every other type (Story, Task, Bug, custom ones) becomes an issue with a scoped
 *   `type::<name>` label, so a Bug is still findable as one. Each type's kind and label can be changed
 *   (or the type skipped) before the start.
 * - Status: open or closed by the status's category (Done → closed), editable per status; the status
 *   itself is kept as a scoped `status::<name>` label, the priority as `priority::<name>`.
 * - Sprints become a scoped `sprint::<name>` label of the issue's last sprint (Meridian's iterations
 *   need dates the CSV does not carry); earlier sprints are listed in the description's footer.
 */

/** What a Jira issue type becomes. */
export type JiraItemKind = 'epic' | 'issue' | 'task' | 'skip';
export const JIRA_ITEM_KINDS: readonly JiraItemKind[] = ['epic', 'issue', 'task', 'skip'];

export type JiraIssueState = 'opened' | 'closed';

/** Jira's three status categories (`statusCategory.key`). */
export type JiraStatusCategory = 'new' | 'indeterminate' | 'done';

export interface JiraTypeMapping {
  kind: JiraItemKind;
  /** A label every item of the type gets; '' for none. */
  label: string;
}

/** The mapping a Jira import runs with: stored on its job, shown before the start, editable. */
export interface JiraMapping {
  types: Record<string, JiraTypeMapping>;
  statuses: Record<string, JiraIssueState>;
  /**
   * Each custom field of the file (by its name) other than those with a meaning of their own (Epic Link,
   * Sprint, story points): `labels` makes each value a scoped label `Field::value`; `skip` (the default)
   * leaves it out, and the report lists it. Absent on jobs made before custom fields were read.
   */
  custom_fields?: Record<string, JiraCustomFieldChoice>;
}

export const JIRA_CUSTOM_FIELD_CHOICES = ['labels', 'skip'] as const;
export type JiraCustomFieldChoice = (typeof JIRA_CUSTOM_FIELD_CHOICES)[number];

/** An issue type as the file shows it: sub-tasks say so (`issuetype.subtask`, or the type's name). */
export interface JiraTypeSeen {
  name: string;
  subtask: boolean;
  /** Jira Cloud's hierarchy level: 1 for epics, 0 for standard types, -1 for sub-tasks; null when unknown. */
  hierarchyLevel: number | null;
}

export interface JiraStatusSeen {
  name: string;
  category: JiraStatusCategory;
}

/** Longest label title Meridian keeps. */
const LABEL_MAX = 255;

/**
 * A label title from Jira text: trimmed, inner runs of white space made one space, commas (which
 * Meridian's label titles may not hold) made spaces, at most 255 characters; null when nothing is left.
 */
export function jiraLabelTitle(text: string): string | null {
  const title = text.replaceAll(',', ' ').split(/\s/).filter(Boolean).join(' ').slice(0, LABEL_MAX).trim();
  return title === '' ? null : title;
}

const scoped = (scope: string, name: string) => {
  const value = jiraLabelTitle(name);
  return value === null ? null : jiraLabelTitle(`${scope}::${value}`);
};

/** The scoped labels the importer gives: `status::In Progress`, `priority::High`, `sprint::Sprint 2`, `type::bug`. */
export const jiraLabels = {
  status: (name: string) => scoped('status', name),
  priority: (name: string) => scoped('priority', name),
  sprint: (name: string) => scoped('sprint', name),
  type: (name: string) => scoped('type', name.toLowerCase()),
  /** A custom field's value as a scoped label: `Team::Platform`. */
  custom: (field: string, value: string) => {
    const scope = jiraLabelTitle(field.replaceAll('::', ':'));
    return scope === null ? null : scoped(scope, value);
  },
};

const isSubtaskName = (name: string) => /^sub[- ]?task$/i.test(name.trim());
const isEpicName = (name: string) => name.trim().toLowerCase() === 'epic';

/**
 * The default for an issue type: sub-tasks become tasks, epics epics (issues labelled `type::epic`
 * when the project is not in a group, so no epic can hold them), the rest issues labelled with their type.
 */
export function defaultJiraTypeMapping(type: JiraTypeSeen, options: { epics: boolean }): JiraTypeMapping {
  if (type.subtask || type.hierarchyLevel === -1 || isSubtaskName(type.name)) return { kind: 'task', label: '' };
  if (isEpicName(type.name) || (type.hierarchyLevel !== null && type.hierarchyLevel >= 1)) {
    return options.epics ? { kind: 'epic', label: '' } : { kind: 'issue', label: jiraLabels.type(type.name) ?? '' };
  }
  return { kind: 'issue', label: jiraLabels.type(type.name) ?? '' };
}

const CATEGORY_NAMES: Record<string, JiraStatusCategory> = {
  new: 'new',
  'to do': 'new',
  indeterminate: 'indeterminate',
  'in progress': 'indeterminate',
  done: 'done',
  complete: 'done',
};
/** Status names of Jira's default workflows that are done, for files that do not give the category. */
const DONE_STATUSES = new Set(['done', 'closed', 'resolved', 'complete', 'completed', 'cancelled', 'canceled']);
const ACTIVE_STATUSES = new Set(['in progress', 'in review', 'reopened', 'in development', 'in testing']);

/**
 * A status's category: as the file gives it (the REST API's `statusCategory.key` or `.name`, the CSV's
 * `Status Category` column); otherwise done when the issue has a resolution (other than Jira's
 * `Unresolved`) or the status is one of the default workflows' done ones, in progress for theirs, else to do.
 */
export function jiraStatusCategory(status: {
  name: string;
  category: string | null;
  resolution: string | null;
}): JiraStatusCategory {
  const given = CATEGORY_NAMES[(status.category ?? '').trim().toLowerCase()];
  if (given) return given;
  const resolution = (status.resolution ?? '').trim().toLowerCase();
  const name = status.name.trim().toLowerCase();
  if ((resolution !== '' && resolution !== 'unresolved') || DONE_STATUSES.has(name)) return 'done';
  if (ACTIVE_STATUSES.has(name)) return 'indeterminate';
  return 'new';
}

export const defaultJiraState = (category: JiraStatusCategory): JiraIssueState =>
  category === 'done' ? 'closed' : 'opened';

/** The default mapping of what a file holds: each type's and each status's default. */
export function defaultJiraMapping(
  types: readonly JiraTypeSeen[],
  statuses: readonly JiraStatusSeen[],
  options: { epics: boolean },
  customFields: readonly string[] = [],
): JiraMapping {
  return {
    types: Object.fromEntries(types.map((t) => [t.name, defaultJiraTypeMapping(t, options)])),
    statuses: Object.fromEntries(statuses.map((s) => [s.name, defaultJiraState(s.category)])),
    custom_fields: Object.fromEntries(customFields.map((name) => [name, 'skip' as const])),
  };
}

/**
 * The mapping a job runs with: the defaults for what the file holds, overridden by what the user
 * chose for those types and statuses; choices for types or statuses the file does not hold are dropped.
 * A label is cleaned as any label title (`jiraLabelTitle`).
 */
export function completeJiraMapping(
  defaults: JiraMapping,
  chosen: {
    types?: Record<string, Partial<JiraTypeMapping>>;
    statuses?: Record<string, JiraIssueState>;
    custom_fields?: Record<string, JiraCustomFieldChoice>;
  } = {},
): JiraMapping {
  const types: Record<string, JiraTypeMapping> = {};
  for (const [name, byDefault] of Object.entries(defaults.types)) {
    const choice = Object.hasOwn(chosen.types ?? {}, name) ? chosen.types?.[name] : undefined;
    types[name] = {
      kind: choice?.kind ?? byDefault.kind,
      label: choice?.label === undefined ? byDefault.label : (jiraLabelTitle(choice.label) ?? ''),
    };
  }
  const statuses: Record<string, JiraIssueState> = {};
  for (const [name, byDefault] of Object.entries(defaults.statuses)) {
    const choice = Object.hasOwn(chosen.statuses ?? {}, name) ? chosen.statuses?.[name] : undefined;
    statuses[name] = choice ?? byDefault;
  }
  const custom_fields: Record<string, JiraCustomFieldChoice> = {};
  for (const [name, byDefault] of Object.entries(defaults.custom_fields ?? {})) {
    const choice = Object.hasOwn(chosen.custom_fields ?? {}, name) ? chosen.custom_fields?.[name] : undefined;
    custom_fields[name] = choice ?? byDefault;
  }
  return { types, statuses, custom_fields };
}

/** A Jira link type as Meridian's: `Blocks` blocks; every other (Relates, Duplicate, Cloners, custom) relates. */
export function jiraLinkType(name: string): 'blocks' | 'relates_to' {
  return name.trim().toLowerCase() === 'blocks' ? 'blocks' : 'relates_to';
}

/** A Jira issue key (`MER-12`): a project key (a letter, then letters, digits or `_`) and a number. */
export function isJiraKey(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{0,254}-\d{1,18}$/.test(text);
}
