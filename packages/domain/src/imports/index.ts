export { formatTimeLeft, type ImportProgress, importProgress, type KindCounters } from './import-progress';
export { jiraDay, jiraInstant } from './jira-dates';
export {
  type JiraHistoryChange,
  type JiraHistoryNames,
  jiraHistoryLabelTitles,
  jiraHistoryNotes,
} from './jira-history';
export {
  completeJiraMapping,
  defaultJiraMapping,
  defaultJiraState,
  defaultJiraTypeMapping,
  isJiraKey,
  JIRA_CUSTOM_FIELD_CHOICES,
  JIRA_ITEM_KINDS,
  type JiraCustomFieldChoice,
  type JiraIssueState,
  type JiraItemKind,
  type JiraMapping,
  type JiraStatusCategory,
  type JiraStatusSeen,
  type JiraTypeMapping,
  type JiraTypeSeen,
  jiraLabels,
  jiraLabelTitle,
  jiraLinkType,
  jiraStatusCategory,
} from './jira-mapping';
export {
  type AdfNode,
  adfToMarkdown,
  type JiraFooter,
  jiraFooter,
  jiraWikiToMarkdown,
  withJiraAttachmentInline,
  withJiraAttachmentLink,
  withJiraFooter,
} from './jira-text';
export * from './redmine-mapping';
