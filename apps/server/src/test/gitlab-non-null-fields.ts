/**
 * Fields GitLab's GraphQL schema declares non-null (`null: false` in app/graphql/types, `Type!` in
 * doc/api/graphql/reference), for the types GitLab's documents under gitlab-documents/ select. Our
 * schema answers null in more places (Pothos' default); the compatibility suite fails a null only
 * where GitLab's client may count on a value. Extend it as documents select more types.
 */
const NON_NULL: Record<string, readonly string[]> = {
  PageInfo: ['hasNextPage', 'hasPreviousPage'],
  Group: ['id', 'name', 'fullName', 'fullPath', 'path', 'webUrl', 'userPermissions'],
  Project: ['id', 'name', 'nameWithNamespace', 'fullPath', 'path', 'userPermissions'],
  Namespace: ['id', 'name', 'fullName', 'fullPath', 'path'],
  UserCore: ['id', 'name', 'username', 'webUrl', 'webPath', 'state'],
  Label: ['id', 'title', 'color', 'textColor'],
  Milestone: [
    'id',
    'iid',
    'title',
    'state',
    'webPath',
    'projectMilestone',
    'groupMilestone',
    'subgroupMilestone',
    'expired',
    'upcoming',
    'createdAt',
    'updatedAt',
  ],
  Iteration: ['id', 'state', 'webUrl', 'webPath', 'iterationCadence', 'createdAt', 'updatedAt'],
  IterationCadence: ['id', 'title'],
  Epic: [
    'id',
    'iid',
    'state',
    'group',
    'author',
    'hasChildren',
    'hasIssues',
    'hasParent',
    'reference',
    'subscribed',
    'userPermissions',
    'webPath',
    'webUrl',
    'upvotes',
    'downvotes',
  ],
  EpicIssue: [
    'iid',
    'title',
    'state',
    'epicIssueId',
    'author',
    'confidential',
    'createdAt',
    'updatedAt',
    'reference',
    'webPath',
    'webUrl',
    'userPermissions',
  ],
  Issue: [
    'id',
    'iid',
    'title',
    'state',
    'author',
    'confidential',
    'blocked',
    'discussionLocked',
    'createdAt',
    'updatedAt',
    'reference',
    'webPath',
    'webUrl',
    'userPermissions',
    'upvotes',
    'downvotes',
  ],
  EpicPermissions: ['adminEpic', 'createEpic', 'readEpic', 'updateEpic', 'destroyEpic', 'adminEpicRelation'],
  IssuePermissions: ['adminIssue', 'createNote', 'readIssue', 'updateIssue', 'destroyIssue', 'reopenIssue'],
  WorkItem: [
    'id',
    'iid',
    'title',
    'state',
    'confidential',
    'createdAt',
    'updatedAt',
    'reference',
    'workItemType',
    'userPermissions',
    'lockVersion',
  ],
  WorkItemType: ['id', 'name'],
  Note: ['id', 'body', 'createdAt', 'updatedAt', 'system', 'resolvable', 'resolved', 'userPermissions'],
  Discussion: ['id', 'createdAt', 'notes', 'replyId', 'resolvable', 'resolved'],
  SystemNoteMetadata: ['id'],
  TaskCompletionStatus: ['count', 'completedCount'],
  WorkItemTimelog: ['id', 'timeSpent', 'user', 'userPermissions'],
  WorkItemWidgetNotifications: ['subscribed'],
  WorkItemWidgetCurrentUserTodos: ['currentUserTodos'],
  WorkItemWidgetDescription: ['edited', 'taskCompletionStatus'],
  WorkItemWidgetHierarchy: ['hasChildren', 'hasParent'],
  WorkItemWidgetDefinitionHierarchy: ['type'],
};

const lookup = new Map(Object.entries(NON_NULL).map(([type, fields]) => [type, new Set(fields)]));

/** True when GitLab declares `type.field` non-null. */
export function gitlabNonNull(type: string, field: string): boolean {
  if (lookup.get(type)?.has(field)) return true;
  // GitLab's permission types (EpicPermissions, IssuePermissions…) are all `Boolean!`.
  if (type.endsWith('Permissions')) return true;
  // Every mutation payload's `errors: [String!]!`, every connection's `pageInfo: PageInfo!` and `count: Int!`.
  if (type.endsWith('Payload') && field === 'errors') return true;
  if (type.endsWith('Connection') && (field === 'pageInfo' || field === 'count')) return true;
  if (type.endsWith('Edge') && field === 'cursor') return true;
  return false;
}
