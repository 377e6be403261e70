/**
 * The quick actions Meridian knows (GitLab's names), each with the aliases GitLab accepts.
 * A line naming anything else is ordinary text and stays in the description or comment.
 */
export const QUICK_ACTION_ALIASES = {
  assign: ['assign'],
  unassign: ['unassign'],
  label: ['label', 'labels'],
  unlabel: ['unlabel', 'remove_label'],
  relabel: ['relabel'],
  milestone: ['milestone'],
  remove_milestone: ['remove_milestone'],
  iteration: ['iteration'],
  remove_iteration: ['remove_iteration'],
  epic: ['epic'],
  remove_epic: ['remove_epic'],
  weight: ['weight'],
  clear_weight: ['clear_weight'],
  due: ['due'],
  remove_due_date: ['remove_due_date'],
  estimate: ['estimate', 'estimate_time'],
  remove_estimate: ['remove_estimate', 'remove_time_estimate'],
  spend: ['spend', 'spent', 'spend_time'],
  remove_time_spent: ['remove_time_spent'],
  close: ['close'],
  reopen: ['reopen'],
  confidential: ['confidential'],
  lock: ['lock'],
  unlock: ['unlock'],
  relate: ['relate'],
  blocks: ['blocks'],
  blocked_by: ['blocked_by'],
  promote: ['promote'],
  health_status: ['health_status'],
  clear_health_status: ['clear_health_status'],
  severity: ['severity'],
  copy_metadata: ['copy_metadata'],
  title: ['title'],
  assign_reviewer: ['assign_reviewer', 'reviewer', 'request_review'],
  unassign_reviewer: ['unassign_reviewer', 'remove_reviewer'],
  draft: ['draft'],
  ready: ['ready'],
  todo: ['todo'],
  done: ['done'],
  subscribe: ['subscribe'],
  unsubscribe: ['unsubscribe'],
  award: ['react', 'award'],
} as const;

export type QuickActionName = keyof typeof QUICK_ACTION_ALIASES;

let nameByAlias: ReadonlyMap<string, QuickActionName> | null = null;

/** Built on first use, so bundles that import the domain package without quick actions carry none of it. */
function aliasTable(): ReadonlyMap<string, QuickActionName> {
  nameByAlias ??= new Map(
    (Object.entries(QUICK_ACTION_ALIASES) as [QuickActionName, readonly string[]][]).flatMap(([name, aliases]) =>
      aliases.map((alias) => [alias, name] as const),
    ),
  );
  return nameByAlias;
}

/** The command an alias names (case-insensitive, as GitLab); null for an unknown word. */
export function quickActionName(alias: string): QuickActionName | null {
  return aliasTable().get(alias.toLowerCase()) ?? null;
}

/** The actor's own switches on an issue or merge request (to-do, subscription, emoji reaction): any reader may. */
export const PERSONAL_QUICK_ACTIONS: ReadonlySet<QuickActionName> = /* @__PURE__ */ new Set([
  'todo',
  'done',
  'subscribe',
  'unsubscribe',
  'award',
]);
