/** The kinds of item a Jira import creates, in the order it creates them, as the page names them. */
export const JIRA_KINDS: ReadonlyArray<readonly [kind: string, one: string, many: string]> = [
  ['user', 'person', 'people'],
  ['milestone', 'milestone', 'milestones'],
  ['epic', 'epic', 'epics'],
  ['issue', 'issue or task', 'issues and tasks'],
  ['parent_link', 'task under its parent', 'tasks under their parents'],
  ['epic_link', 'issue in its epic', 'issues in their epics'],
  ['issue_link', 'link', 'links'],
  ['note', 'comment', 'comments'],
  ['history', 'change (system note)', 'changes (system notes)'],
  ['timelog', 'work log', 'work logs'],
  ['watcher', 'watcher', 'watchers'],
  ['attachment', 'attachment', 'attachments'],
];
