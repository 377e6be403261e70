import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_COMPLEXITY_ANONYMOUS, MAX_DEPTH } from './builder';
import { queryComplexity } from './complexity-plugin';
import { schema } from './schema';

/**
 * Every GraphQL document the web app sends, with the variables it sends, fits under the limits
 * (the anonymous one too: public roadmaps are read signed out).
 */
const WEB_SRC = join(import.meta.dirname, '../../../web/src');

type Document = object;

interface RoadmapApi {
  ROADMAP_DOCUMENTS: Record<
    | 'groupEpics'
    | 'groupEpicsWithoutBlockedBy'
    | 'epicChildren'
    | 'epicChildrenWithoutBlockedBy'
    | 'groupEpicCount'
    | 'groupEpicWindow'
    | 'milestones',
    Document
  >;
  ROADMAP_PAGE_SIZE: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// Runtime imports keep the web sources out of the server's type-check.
async function webModule<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(join(WEB_SRC, path)).href)) as T;
}

async function webDocuments(): Promise<Array<{ name: string; query: string; variables: Record<string, unknown> }>> {
  const { documentText } = await webModule<{ documentText: (doc: Document) => string }>('graphql/request.ts');
  const roadmap = await webModule<RoadmapApi>('features/roadmap/roadmapApi.ts');
  const epics = await webModule<{ CAN_CREATE_EPIC: Document }>('features/epics/epicsApi.ts');
  const issues = await webModule<{ ISSUE_PERMISSIONS: Document }>('features/issues/issuePermissions.ts');
  const iterations = await webModule<{ ISSUE_ITERATION_OPTIONS: Document }>(
    'features/issues/sidebar/iterationOptions.ts',
  );
  const newIssue = await webModule<{ NEW_ISSUE_PERMISSIONS: Document }>('features/issues/newIssuePermissionsApi.ts');
  const frequent = await webModule<{ FRECENT_PROJECTS: Document; FRECENT_GROUPS: Document }>(
    'features/frequent/frequentApi.ts',
  );
  const newMergeRequest = await webModule<{ NEW_MERGE_REQUEST_PERMISSION: Document }>(
    'features/merge-requests/newMergeRequestApi.ts',
  );
  const blocking = await webModule<{ BLOCKING_ISSUES: Document }>('features/issues/blockingIssuesApi.ts');
  const issueActions = await webModule<{ PROMOTE_TO_EPIC: Document; SET_ISSUE_LOCKED: Document }>(
    'features/issues/issueActionsApi.ts',
  );
  const taskConversion = await webModule<{
    NAMESPACE_WORK_ITEM_TYPES: Document;
    CREATE_WORK_ITEM: Document;
    DELETE_WORK_ITEM: Document;
  }>('features/issues/taskConversionApi.ts');
  const treeAdd = await webModule<{ EPIC_DEFAULT_PROJECT: Document }>('features/epics/tree-add/treeAddApi.ts');
  const mrNotes = await webModule<{ MERGE_REQUEST_NOTE_PERMISSIONS: Document }>(
    'features/notes/mergeRequestNotePermissions.ts',
  );
  const live = await webModule<{
    LIVE_NOTE_CREATED: Document;
    LIVE_NOTE_DELETED: Document;
    LIVE_ITEM_UPDATED: Document;
  }>('features/shared/liveSocket.ts');
  const workItems = await webModule<{
    CREATE_WORK_ITEM: Document;
    WORK_ITEM_BY_IID: Document;
    WORK_ITEM_HIERARCHY: Document;
  }>('features/work-items/workItemsApi.ts');
  const epicSidebar = await webModule<
    Record<'EPIC_SIDEBAR' | 'EPIC_ANCESTORS' | 'EPIC_PARTICIPANTS' | 'EPIC_COLOR' | 'UPDATE_EPIC_COLOR', Document>
  >('features/epics/sidebar/epicSidebarApi.ts');
  const tree = await webModule<{ CHILD_ITEMS: Document; EPIC_TREE_REORDER: Document }>(
    'features/epics/tree/treeApi.ts',
  );
  const incidents = await webModule<
    Record<
      | 'INCIDENT_FIELDS'
      | 'SET_SEVERITY'
      | 'SET_ESCALATION_STATUS'
      | 'TIMELINE_EVENTS'
      | 'CREATE_TIMELINE_EVENT'
      | 'DESTROY_TIMELINE_EVENT',
      Document
    >
  >('features/incidents/incidentsApi.ts');
  const escalation = await webModule<
    Record<
      | 'ESCALATION_POLICIES'
      | 'CREATE_ESCALATION_POLICY'
      | 'UPDATE_ESCALATION_POLICY'
      | 'DESTROY_ESCALATION_POLICY'
      | 'INCIDENT_ESCALATION_POLICY'
      | 'SET_INCIDENT_ESCALATION_POLICY',
      Document
    >
  >('features/incidents/escalationPoliciesApi.ts');
  const imports = await webModule<{ IMPORT_PERMISSION: Document }>('features/imports/importCsvApi.ts');
  const sourceUsers = await webModule<
    Record<
      'SOURCE_USERS' | 'REASSIGN_SOURCE_USER' | 'CANCEL_REASSIGNMENT' | 'KEEP_AS_PLACEHOLDER' | 'RESEND_NOTIFICATION',
      Document
    >
  >('features/imports/sourceUsersApi.ts');
  const sourceUserId = { id: 'gid://gitlab/Import::SourceUser/1' };
  const policyId = 'gid://gitlab/IncidentManagement::EscalationPolicy/1';
  const rules = [{ username: 'alice', elapsedTimeSeconds: 300, status: 'ACKNOWLEDGED' }];
  const incidentId = 'gid://gitlab/Issue/1';
  const liveVariables = { id: 'gid://gitlab/Issue/1' };
  const docs = roadmap.ROADMAP_DOCUMENTS;
  const filters = {
    state: 'opened',
    sort: 'START_DATE_ASC',
    timeframe: { start: '2026-01-01', end: '2026-12-31' },
    labelName: ['bug'],
    first: roadmap.ROADMAP_PAGE_SIZE,
    after: null,
  };
  const groupVariables = { fullPath: 'acme', includeDescendantGroups: true, ...filters };
  const childVariables = { fullPath: 'acme', iid: '1', ...filters };
  return [
    { name: 'roadmapGroupEpics', query: documentText(docs.groupEpics), variables: groupVariables },
    {
      name: 'roadmapGroupEpics (without blockedByEpics)',
      query: documentText(docs.groupEpicsWithoutBlockedBy),
      variables: groupVariables,
    },
    { name: 'roadmapEpicChildren', query: documentText(docs.epicChildren), variables: childVariables },
    {
      name: 'roadmapEpicChildren (without blockedByEpics)',
      query: documentText(docs.epicChildrenWithoutBlockedBy),
      variables: childVariables,
    },
    { name: 'roadmapGroupEpicCount', query: documentText(docs.groupEpicCount), variables: groupVariables },
    {
      name: 'roadmapGroupEpicWindow (1,000 epics)',
      query: documentText(docs.groupEpicWindow),
      variables: { ...groupVariables, offset: 4000, limit: 1000 },
    },
    {
      name: 'roadmapMilestones',
      query: documentText(docs.milestones),
      variables: { fullPath: 'acme', timeframe: filters.timeframe },
    },
    { name: 'canCreateEpic', query: documentText(epics.CAN_CREATE_EPIC), variables: { fullPath: 'acme' } },
    {
      name: 'epicDefaultProject',
      query: documentText(treeAdd.EPIC_DEFAULT_PROJECT),
      variables: { fullPath: 'acme', iid: '1' },
    },
    {
      name: 'mergeRequestNotePermissions',
      query: documentText(mrNotes.MERGE_REQUEST_NOTE_PERMISSIONS),
      variables: { fullPath: 'acme/web', iid: '1' },
    },
    {
      name: 'issuePermissions',
      query: documentText(issues.ISSUE_PERMISSIONS),
      variables: { fullPath: 'acme/web', iid: '1' },
    },
    {
      name: 'promoteIssueToEpic',
      query: documentText(issueActions.PROMOTE_TO_EPIC),
      variables: { projectPath: 'acme/web', iid: '1' },
    },
    {
      name: 'issueIterationOptions',
      query: documentText(iterations.ISSUE_ITERATION_OPTIONS),
      variables: { fullPath: 'acme/web', search: 'sprint' },
    },
    {
      name: 'newIssuePermissions',
      query: documentText(newIssue.NEW_ISSUE_PERMISSIONS),
      variables: { fullPath: 'acme/web' },
    },
    { name: 'frecentProjects', query: documentText(frequent.FRECENT_PROJECTS), variables: {} },
    { name: 'frecentGroups', query: documentText(frequent.FRECENT_GROUPS), variables: {} },
    {
      name: 'newMergeRequestPermission',
      query: documentText(newMergeRequest.NEW_MERGE_REQUEST_PERMISSION),
      variables: { fullPath: 'acme/web' },
    },
    {
      name: 'blockingIssues',
      query: documentText(blocking.BLOCKING_ISSUES),
      variables: { fullPath: 'acme/web', iid: '1', first: 3 },
    },
    {
      name: 'namespaceWorkItemTypes (task conversion)',
      query: documentText(taskConversion.NAMESPACE_WORK_ITEM_TYPES),
      variables: { fullPath: 'acme/web', name: 'TASK' },
    },
    {
      name: 'createWorkItem (task conversion)',
      query: documentText(taskConversion.CREATE_WORK_ITEM),
      variables: {
        input: {
          projectPath: 'acme/web',
          title: 'Task',
          workItemTypeId: 'gid://gitlab/WorkItems::Type/5',
          hierarchyWidget: { parentId: 'gid://gitlab/WorkItem/1' },
        },
      },
    },
    {
      name: 'deleteWorkItem (task conversion Undo)',
      query: documentText(taskConversion.DELETE_WORK_ITEM),
      variables: { input: { id: 'gid://gitlab/WorkItem/2' } },
    },
    { name: 'liveNoteCreated', query: documentText(live.LIVE_NOTE_CREATED), variables: liveVariables },
    { name: 'liveNoteDeleted', query: documentText(live.LIVE_NOTE_DELETED), variables: liveVariables },
    { name: 'liveItemUpdated', query: documentText(live.LIVE_ITEM_UPDATED), variables: liveVariables },
    ...(['EPIC_SIDEBAR', 'EPIC_ANCESTORS', 'EPIC_PARTICIPANTS', 'EPIC_COLOR'] as const).map((name) => ({
      name,
      query: documentText(epicSidebar[name]),
      variables: { fullPath: 'acme', iid: '1' },
    })),
    {
      name: 'updateEpicColor',
      query: documentText(epicSidebar.UPDATE_EPIC_COLOR),
      variables: { input: { groupPath: 'acme', iid: '1', color: '#217645' } },
    },
    {
      name: 'createWorkItem',
      query: documentText(workItems.CREATE_WORK_ITEM),
      variables: {
        input: { title: 'T', workItemTypeId: 'gid://gitlab/WorkItems::Type/5', namespacePath: 'acme/web' },
      },
    },
    {
      name: 'workItemByIid',
      query: documentText(workItems.WORK_ITEM_BY_IID),
      variables: { fullPath: 'acme/web', iid: '1' },
    },
    {
      name: 'workItemHierarchy (IE-38, 100 children)',
      query: documentText(workItems.WORK_ITEM_HIERARCHY),
      variables: { id: 'gid://gitlab/WorkItem/1' },
    },
    {
      name: 'childItems (epic tree level, 100 epics + 100 issues)',
      query: documentText(tree.CHILD_ITEMS),
      variables: { fullPath: 'acme', iid: '1', pageSize: 100, epicEndCursor: null, issueEndCursor: null },
    },
    {
      name: 'epicTreeReorder',
      query: documentText(tree.EPIC_TREE_REORDER),
      variables: { baseEpicId: 'gid://gitlab/Epic/1', moved: { id: 'gid://gitlab/Epic/2' } },
    },
    {
      name: 'issueSetLocked',
      query: documentText(issueActions.SET_ISSUE_LOCKED),
      variables: { projectPath: 'acme/web', iid: '1', locked: true },
    },
    {
      name: 'incidentFields',
      query: documentText(incidents.INCIDENT_FIELDS),
      variables: { fullPath: 'acme/web', iid: '1' },
    },
    {
      name: 'incidentSetSeverity',
      query: documentText(incidents.SET_SEVERITY),
      variables: { projectPath: 'acme/web', iid: '1', severity: 'HIGH' },
    },
    {
      name: 'incidentSetEscalationStatus',
      query: documentText(incidents.SET_ESCALATION_STATUS),
      variables: { projectPath: 'acme/web', iid: '1', status: 'ACKNOWLEDGED' },
    },
    {
      name: 'incidentTimelineEvents',
      query: documentText(incidents.TIMELINE_EVENTS),
      variables: { fullPath: 'acme/web', incidentId },
    },
    {
      name: 'incidentTimelineEventCreate',
      query: documentText(incidents.CREATE_TIMELINE_EVENT),
      variables: { incidentId, note: 'Paged the on-call', occurredAt: '2026-11-29T10:00:00Z' },
    },
    {
      name: 'incidentTimelineEventDestroy',
      query: documentText(incidents.DESTROY_TIMELINE_EVENT),
      variables: { id: 'gid://gitlab/IncidentManagement::TimelineEvent/1' },
    },
    {
      name: 'projectImportIssuesPermission',
      query: documentText(imports.IMPORT_PERMISSION),
      variables: { fullPath: 'acme/web' },
    },
    {
      name: 'escalationPolicies',
      query: documentText(escalation.ESCALATION_POLICIES),
      variables: { fullPath: 'acme/web' },
    },
    {
      name: 'escalationPolicyCreate',
      query: documentText(escalation.CREATE_ESCALATION_POLICY),
      variables: { projectPath: 'acme/web', name: 'On call', description: '', rules },
    },
    {
      name: 'escalationPolicyUpdate',
      query: documentText(escalation.UPDATE_ESCALATION_POLICY),
      variables: { id: policyId, name: 'On call', description: '', rules },
    },
    {
      name: 'escalationPolicyDestroy',
      query: documentText(escalation.DESTROY_ESCALATION_POLICY),
      variables: { id: policyId },
    },
    {
      name: 'incidentEscalationPolicy',
      query: documentText(escalation.INCIDENT_ESCALATION_POLICY),
      variables: { fullPath: 'acme/web', iid: '1' },
    },
    {
      name: 'incidentSetEscalationPolicy',
      query: documentText(escalation.SET_INCIDENT_ESCALATION_POLICY),
      variables: { projectPath: 'acme/web', iid: '1', policyId },
    },
    {
      name: 'importSourceUsers',
      query: documentText(sourceUsers.SOURCE_USERS),
      variables: { fullPath: 'acme', search: 'ada' },
    },
    {
      name: 'importSourceUserReassign',
      query: documentText(sourceUsers.REASSIGN_SOURCE_USER),
      variables: { ...sourceUserId, assigneeUserId: 'gid://gitlab/User/1' },
    },
    {
      name: 'importSourceUserCancelReassignment',
      query: documentText(sourceUsers.CANCEL_REASSIGNMENT),
      variables: sourceUserId,
    },
    {
      name: 'importSourceUserKeepAsPlaceholder',
      query: documentText(sourceUsers.KEEP_AS_PLACEHOLDER),
      variables: sourceUserId,
    },
    {
      name: 'importSourceUserResendNotification',
      query: documentText(sourceUsers.RESEND_NOTIFICATION),
      variables: sourceUserId,
    },
  ];
}

describe('the web app’s GraphQL documents', () => {
  it('are all covered here: only these files send GraphQL', () => {
    const senders = sourceFiles(WEB_SRC)
      .filter((file) => /graphqlRequest(<[^>]*>)?\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(WEB_SRC, file))
      .sort();
    expect(senders).toEqual([
      'features/epics/epicsApi.ts',
      'features/epics/sidebar/epicSidebarApi.ts',
      'features/epics/tree-add/treeAddApi.ts',
      'features/epics/tree/treeApi.ts',
      'features/frequent/frequentApi.ts',
      'features/imports/importCsvApi.ts',
      'features/imports/sourceUsersApi.ts',
      'features/incidents/escalationPoliciesApi.ts',
      'features/incidents/incidentsApi.ts',
      'features/issues/blockingIssuesApi.ts',
      'features/issues/issueActionsApi.ts',
      'features/issues/issuePermissions.ts',
      'features/issues/newIssuePermissionsApi.ts',
      'features/issues/sidebar/iterationOptions.ts',
      'features/issues/taskConversionApi.ts',
      'features/merge-requests/newMergeRequestApi.ts',
      'features/notes/mergeRequestNotePermissions.ts',
      'features/roadmap/roadmapApi.ts',
      'features/work-items/workItemsApi.ts',
      'graphql/request.ts',
    ]);
  });

  it('fit under the anonymous complexity limit and the depth limit with the variables they send', async () => {
    for (const doc of await webDocuments()) {
      const result = queryComplexity(doc.query, { schema, variables: doc.variables, ctx: { actor: null } });
      console.info(`${doc.name}: complexity ${result.complexity}, depth ${result.depth}`);
      expect(result.complexity, doc.name).toBeLessThanOrEqual(MAX_COMPLEXITY_ANONYMOUS);
      expect(result.depth, doc.name).toBeLessThanOrEqual(MAX_DEPTH);
    }
  });
});
