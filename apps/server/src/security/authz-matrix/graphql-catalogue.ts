import type { CellInput, GraphqlEntry, OutOfScope } from './catalogue-types';
import { gate } from './oracle';
import { mayAddNote } from './rest-catalogue-helpers';

/**
 * GraphQL fields the matrix attacks: the root Query and Mutation fields, and the fields of the
 * types they return (Group, Project) that reach issues, epics, labels and milestones. Other fields
 * of those types are in `graphqlOutOfScope`. The runner walks the schema and fails on any field of
 * Query, Mutation, Subscription, Group or Project that is in neither list.
 */
export const walkedTypes = ['Query', 'Mutation', 'Subscription', 'Group', 'Project'] as const;

const q = JSON.stringify;
const group = (c: CellInput, inner: string) => `{ group(fullPath: ${q(c.b.space.group.path)}) { ${inner} } }`;
const project = (c: CellInput, inner: string) => `{ project(fullPath: ${q(c.b.space.project.fullPath)}) { ${inner} } }`;
const at = (data: unknown, ...keys: string[]): unknown => {
  let v = data;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v ?? null;
};
const read = (c: CellInput, ...readable: boolean[]) => gate(c.o, false, readable, true);
const gid = (type: string, id: number) => q(`gid://gitlab/${type}/${id}`);

export const graphqlEntries: GraphqlEntry[] = [
  {
    field: 'Query.group',
    dims: 'plain',
    write: false,
    query: (c) => group(c, 'id'),
    pick: (d) => at(d, 'group'),
    expect: (c) => read(c, c.o.group('read_group')),
  },
  {
    field: 'Query.project',
    dims: 'plain',
    write: false,
    query: (c) => project(c, 'id'),
    pick: (d) => at(d, 'project'),
    expect: (c) => read(c, c.o.project('read_project')),
  },
  {
    field: 'Query.issue',
    dims: 'conf',
    write: false,
    query: (c) => `{ issue(id: ${gid('Issue', c.b.issue.id)}) { title } }`,
    pick: (d) => at(d, 'issue'),
    expect: (c) => read(c, c.o.issue('read_issue')),
  },
  {
    field: 'Group.epic',
    dims: 'conf',
    write: false,
    query: (c) => group(c, `epic(iid: ${q(String(c.b.epic.iid))}) { title }`),
    pick: (d) => at(d, 'group', 'epic'),
    expect: (c) => read(c, c.o.epic('read_epic')),
  },
  {
    field: 'Group.epics',
    dims: 'conf',
    write: false,
    query: (c) => group(c, 'epics(first: 100) { nodes { title } }'),
    pick: (d) => at(d, 'group', 'epics'),
    expect: (c) => read(c, c.o.group('read_group')),
    listed: { text: (c) => c.b.epic.title, visible: (c) => c.o.epic('read_epic') },
  },
  {
    field: 'Group.roadmapEpics',
    dims: 'conf',
    write: false,
    query: (c) => group(c, 'roadmapEpics(limit: 1000) { title }'),
    pick: (d) => at(d, 'group', 'roadmapEpics'),
    expect: (c) => read(c, c.o.group('read_group')),
    listed: { text: (c) => c.b.epic.title, visible: (c) => c.o.epic('read_epic') },
  },
  {
    field: 'Group.issues',
    dims: 'conf',
    write: false,
    query: (c) => group(c, 'issues(first: 100) { nodes { title } }'),
    pick: (d) => at(d, 'group', 'issues'),
    expect: (c) => read(c, c.o.group('read_group')),
    listed: { text: (c) => c.b.issue.title, visible: (c) => c.o.issue('read_issue') },
  },
  {
    field: 'Group.labels',
    dims: 'plain',
    write: false,
    query: (c) => group(c, 'labels(first: 100) { nodes { title } }'),
    pick: (d) => at(d, 'group', 'labels'),
    expect: (c) => read(c, c.o.groupLabel('read_label')),
    listed: { text: (c) => c.b.groupLabel.title, visible: (c) => c.o.groupLabel('read_label') },
  },
  {
    field: 'Group.milestones',
    dims: 'plain',
    write: false,
    query: (c) => group(c, 'milestones(first: 100) { nodes { title } }'),
    pick: (d) => at(d, 'group', 'milestones'),
    expect: (c) => read(c, c.o.groupMilestone('read_milestone')),
    listed: { text: (c) => c.b.groupMilestone.title, visible: (c) => c.o.groupMilestone('read_milestone') },
  },
  {
    field: 'Project.issue',
    dims: 'conf',
    write: false,
    query: (c) => project(c, `issue(iid: ${q(String(c.b.issue.iid))}) { title }`),
    pick: (d) => at(d, 'project', 'issue'),
    expect: (c) => read(c, c.o.issue('read_issue')),
  },
  {
    field: 'Project.issues',
    dims: 'conf',
    write: false,
    query: (c) => project(c, 'issues(first: 100) { nodes { title } }'),
    pick: (d) => at(d, 'project', 'issues'),
    expect: (c) => read(c, c.o.project('read_project')),
    listed: { text: (c) => c.b.issue.title, visible: (c) => c.o.issue('read_issue') },
  },
  {
    field: 'Project.labels',
    dims: 'plain',
    write: false,
    query: (c) => project(c, 'labels(first: 100) { nodes { title } }'),
    pick: (d) => at(d, 'project', 'labels'),
    expect: (c) => read(c, c.o.projectLabel('read_label')),
    listed: { text: (c) => c.b.projectLabel.title, visible: (c) => c.o.projectLabel('read_label') },
  },
  {
    field: 'Project.milestones',
    dims: 'plain',
    write: false,
    query: (c) => project(c, 'milestones(first: 100) { nodes { title } }'),
    pick: (d) => at(d, 'project', 'milestones'),
    expect: (c) => read(c, c.o.projectMilestone('read_milestone')),
    listed: { text: (c) => c.b.projectMilestone.title, visible: (c) => c.o.projectMilestone('read_milestone') },
  },
  {
    field: 'Mutation.updateEpic',
    dims: 'conf',
    write: true,
    query: (c) =>
      `mutation { updateEpic(input: { groupPath: ${q(c.b.space.group.path)}, iid: ${q(String(c.b.epic.iid))}, title: ${q(c.marker)} }) { errors epic { title } } }`,
    pick: (d) => at(d, 'updateEpic'),
    expect: (c) => gate(c.o, true, [c.o.epic('read_epic')], c.o.epic('update_epic')),
  },
  {
    field: 'Mutation.epicTreeReorder',
    dims: 'conf',
    write: true,
    query: (c) =>
      `mutation { epicTreeReorder(input: { baseEpicId: ${gid('Epic', c.b.epic.id)}, moved: { id: ${gid('Epic', c.b.epic2.id)}, adjacentReferenceId: ${gid('Epic', c.b.epic4.id)}, relativePosition: after } }) { errors } }`,
    pick: (d) => at(d, 'epicTreeReorder'),
    expect: (c) => gate(c.o, true, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
  },
  {
    field: 'Mutation.updateIssue',
    dims: 'conf',
    write: true,
    query: (c) =>
      `mutation { updateIssue(input: { projectPath: ${q(c.b.space.project.fullPath)}, iid: ${q(String(c.b.issue.iid))}, title: ${q(c.marker)} }) { errors issue { title } } }`,
    pick: (d) => at(d, 'updateIssue'),
    expect: (c) => gate(c.o, true, [c.o.issue('read_issue')], c.o.issue('update_issue')),
  },
  {
    field: 'Mutation.issueSetLocked',
    dims: 'conf',
    write: true,
    query: (c) =>
      `mutation { issueSetLocked(input: { projectPath: ${q(c.b.space.project.fullPath)}, iid: ${q(String(c.b.issue.iid))}, locked: true }) { errors issue { discussionLocked } } }`,
    pick: (d) => at(d, 'issueSetLocked'),
    expect: (c) => gate(c.o, true, [c.o.issue('read_issue')], c.o.issue('admin_issue')),
  },
  ...(
    [
      // `true`: every bundle may take it (a confidential issue in a confidential epic may not become public).
      ['issueSetConfidential', 'confidential: true', 'confidential'],
      ['issueSetDueDate', 'dueDate: "2030-01-02"', 'dueDate'],
      ['issueSetWeight', 'weight: 3', 'weight'],
      ['issueSetIteration', 'iterationId: null', 'title'],
      ['issueSetEpic', 'epicId: null', 'title'],
      ['issueSetAssignees', 'assigneeUsernames: [], operationMode: APPEND', 'title'],
    ] as const
  ).map(
    ([name, argument, answer]): GraphqlEntry => ({
      field: `Mutation.${name}`,
      dims: 'conf',
      write: true,
      query: (c) =>
        `mutation { ${name}(input: { projectPath: ${q(c.b.space.project.fullPath)}, iid: ${q(String(c.b.issue.iid))}, ${argument} }) { errors issue { ${answer} } } }`,
      pick: (d) => at(d, name),
      // updateIssue with one argument: the same service, so the same gate (planning fields need admin_issue, else ignored).
      expect: (c) => gate(c.o, true, [c.o.issue('read_issue')], c.o.issue('update_issue')),
    }),
  ),
  {
    field: 'Mutation.issueSetSubscription',
    dims: 'conf',
    write: true,
    query: (c) =>
      `mutation { issueSetSubscription(input: { projectPath: ${q(c.b.space.project.fullPath)}, iid: ${q(String(c.b.issue.iid))}, subscribedState: true }) { errors issue { subscribed } } }`,
    pick: (d) => at(d, 'issueSetSubscription'),
    // As REST `POST …/issues/:iid/subscribe`: any signed-in reader.
    expect: (c) => gate(c.o, true, [c.o.issue('read_issue')], true),
  },
  {
    field: 'Mutation.epicSetSubscription',
    dims: 'conf',
    write: true,
    query: (c) =>
      `mutation { epicSetSubscription(input: { groupPath: ${q(c.b.space.group.path)}, iid: ${q(String(c.b.epic.iid))}, subscribedState: true }) { errors epic { subscribed } } }`,
    pick: (d) => at(d, 'epicSetSubscription'),
    expect: (c) => gate(c.o, true, [c.o.epic('read_epic')], true),
  },
  {
    field: 'Mutation.todoCreate',
    dims: 'conf',
    write: true,
    query: (c) => `mutation { todoCreate(input: { targetId: ${gid('Issue', c.b.issue.id)} }) { errors } }`,
    pick: (d) => at(d, 'todoCreate'),
    // As REST `POST …/issues/:iid/todo`: any signed-in reader.
    expect: (c) => gate(c.o, true, [c.o.issue('read_issue')], true),
  },
  {
    field: 'Mutation.promoteToEpic',
    dims: 'conf',
    write: true,
    query: (c) =>
      `mutation { promoteToEpic(input: { projectPath: ${q(c.b.space.project.fullPath)}, iid: ${q(String(c.b.issue.iid))} }) { errors epic { title } } }`,
    pick: (d) => at(d, 'promoteToEpic'),
    // canPromoteIssueToEpic: administer the issue and create epics in the project's group.
    expect: (c) => gate(c.o, true, [c.o.issue('read_issue')], c.o.issue('admin_issue') && c.o.epic('create_epic')),
  },
  {
    field: 'Mutation.createNote',
    dims: 'conf+internal',
    write: true,
    query: (c) =>
      `mutation { createNote(input: { noteableId: ${gid('Issue', c.b.issue.id)}, body: ${q(c.marker)}, internal: ${c.b.internal} }) { errors note { body } } }`,
    pick: (d) => at(d, 'createNote'),
    // As REST `POST …/issues/:iid/notes`: the same createComment call.
    expect: (c) => gate(c.o, true, [c.o.issue('read_issue')], mayAddNote(c, c.o.issue('create_note'))),
  },
  {
    field: 'Mutation.destroyNote',
    dims: 'conf+internal',
    write: true,
    query: (c) => `mutation { destroyNote(input: { id: ${gid('Note', c.b.issueNote.id)} }) { errors note { id } } }`,
    // GitLab answers `note: null` once it is gone: the payload itself is the value.
    pick: (d) => at(d, 'destroyNote'),
    // As REST `DELETE …/issues/:iid/notes/:note_id`: the same deleteNote call.
    expect: (c) =>
      gate(c.o, true, [c.o.issue('read_issue'), c.o.issueNote('read_note')], c.o.issueNote('destroy_note')),
  },
  {
    field: 'Query.workItem',
    dims: 'conf',
    write: false,
    query: (c) => `{ workItem(id: ${gid('Issue', c.b.issue.id)}) { title } }`,
    pick: (d) => at(d, 'workItem'),
    expect: (c) => read(c, c.o.issue('read_issue')),
  },
  {
    field: 'Query.namespace',
    dims: 'plain',
    write: false,
    query: (c) => `{ namespace(fullPath: ${q(c.b.space.group.path)}) { id } }`,
    pick: (d) => at(d, 'namespace'),
    expect: (c) => read(c, c.o.group('read_group')),
  },
  {
    field: 'Group.workItem',
    dims: 'conf',
    write: false,
    query: (c) => group(c, `workItem(iid: ${q(String(c.b.epic.iid))}) { title }`),
    pick: (d) => at(d, 'group', 'workItem'),
    expect: (c) => read(c, c.o.epic('read_epic')),
  },
  {
    field: 'Group.workItemTypes',
    dims: 'plain',
    write: false,
    query: (c) => group(c, 'workItemTypes(name: EPIC) { nodes { name } }'),
    pick: (d) => at(d, 'group', 'workItemTypes'),
    expect: (c) => read(c, c.o.group('read_group')),
  },
  {
    field: 'Project.workItem',
    dims: 'conf',
    write: false,
    query: (c) => project(c, `workItem(iid: ${q(String(c.b.issue.iid))}) { title }`),
    pick: (d) => at(d, 'project', 'workItem'),
    expect: (c) => read(c, c.o.issue('read_issue')),
  },
  {
    field: 'Project.workItemTypes',
    dims: 'plain',
    write: false,
    query: (c) => project(c, 'workItemTypes(name: TASK) { nodes { name } }'),
    pick: (d) => at(d, 'project', 'workItemTypes'),
    expect: (c) => read(c, c.o.project('read_project')),
  },
  {
    field: 'Mutation.workItemUpdate',
    dims: 'conf',
    write: true,
    query: (c) =>
      `mutation { workItemUpdate(input: { id: ${gid('WorkItem', c.b.issue.id)}, title: ${q(c.marker)} }) { errors workItem { title } } }`,
    pick: (d) => at(d, 'workItemUpdate'),
    expect: (c) => gate(c.o, true, [c.o.issue('read_issue')], c.o.issue('update_issue')),
  },
];

const field = (key: string, reason: string): OutOfScope => ({ key, reason });
const scalars = 'a scalar of a container whose readability Query.group / Query.project already checks';

export const graphqlOutOfScope: OutOfScope[] = [
  ...[
    'avatarUrl',
    'createdAt',
    'description',
    'fullName',
    'fullPath',
    'id',
    'name',
    'path',
    'visibility',
    'webUrl',
  ].map((f) => field(`Group.${f}`, scalars)),
  ...[
    'archived',
    'createdAt',
    'description',
    'fullPath',
    'id',
    'name',
    'nameWithNamespace',
    'path',
    'visibility',
    'webUrl',
  ].map((f) => field(`Project.${f}`, scalars)),
  field('Query.currentUser', 'the caller’s own account'),
  ...['frecentProjects', 'frecentGroups'].map((f) =>
    field(
      `Query.${f}`,
      'the caller’s own visits, ranked only among what the read policy’s SQL scope lets them see: graphql/frecent.graphql.test.ts (hidden, lost access, anonymous) and modules/visits tests',
    ),
  ),
  field('Group.userPermissions', 'the caller’s own abilities on a readable group'),
  field('Project.userPermissions', 'the caller’s own abilities on a readable project'),
  field('Group.parent', 'groups, not planning objects'),
  field('Group.descendantGroups', 'groups, not planning objects'),
  field('Project.group', 'groups, not planning objects'),
  field('Group.autocompleteUsers', 'users, attacked by the accounts suite'),
  field('Project.autocompleteUsers', 'users, attacked by the accounts suite'),
  field('Group.iterations', 'iterations, not in the matrix brief'),
  field('Project.iterations', 'iterations, not in the matrix brief'),
  field('Group.mergeRequests', 'merge requests, not in the matrix brief'),
  field('Project.mergeRequests', 'merge requests, not in the matrix brief'),
  field(
    'Project.mergeRequest',
    'merge requests, not in the matrix brief: null where hidden (project, ban) tested in modules/notes/mr-notes.rest.test.ts',
  ),
  field(
    'Mutation.mergeRequestSetLocked',
    'merge requests, not in the matrix brief: REST `PUT …/merge_requests/:iid` `discussion_locked` through the same service; graphql/sidebar-mutations.graphql.test.ts checks a Guest is refused',
  ),
  field(
    'Mutation.todoMarkDone',
    'the caller’s own to-do item, not found otherwise (as REST `POST /todos/:id/mark_as_done`): graphql/sidebar-mutations.graphql.test.ts',
  ),
  field('Group.emailsDisabled', scalars),
  field(
    'Mutation.issueMove',
    'REST `POST …/issues/:iid/move` through the same moveIssue call, which needs a second project per principal: modules/issues/issue-move.rest.test.ts',
  ),
  ...['workItemCreate', 'createWorkItem', 'workItemDelete', 'deleteWorkItem'].map((f) =>
    field(
      `Mutation.${f}`,
      'creates or destroys rows the other cells read: graphql/work-items.graphql.test.ts attacks it per role (Guest to Owner, outsider, hidden and missing parent)',
    ),
  ),
  ...[
    'workItemNoteCreated',
    'workItemNoteUpdated',
    'workItemNoteDeleted',
    'workItemUpdated',
    'issuableLabelsUpdated',
  ].map((f) =>
    field(
      `Subscription.${f}`,
      'WebSocket only (the matrix runs over HTTP): graphql/live/subscriptions.ws.test.ts attacks it — hidden, missing, confidential, internal, anonymous, bad token, other site',
    ),
  ),
  ...[
    'Mutation.issueSetSeverity',
    'Mutation.issueSetEscalationStatus',
    'Mutation.timelineEventCreate',
    'Mutation.timelineEventUpdate',
    'Mutation.timelineEventDestroy',
    'Project.incidentManagementTimelineEvents',
  ].map((f) =>
    field(
      f,
      "an incident's (the bundle's issue is not one): modules/incidents/incident-fields.rest.test.ts and timeline-events.graphql.test.ts attack them — guest, outsider, plain issue",
    ),
  ),
  ...[
    'Mutation.escalationPolicyCreate',
    'Mutation.escalationPolicyUpdate',
    'Mutation.escalationPolicyDestroy',
    'Mutation.issueSetEscalationPolicy',
    'Project.incidentManagementEscalationPolicies',
    'Project.incidentManagementEscalationPolicy',
  ].map((f) =>
    field(
      f,
      "a project's one escalation policy and an incident's (the bundle has neither): modules/incidents/escalation-policies.graphql.test.ts attacks them — reporter, developer, guest, outsider, plain issue",
    ),
  ),
  ...[
    'Mutation.importSourceUserReassign',
    'Mutation.importSourceUserCancelReassignment',
    'Mutation.importSourceUserKeepAsPlaceholder',
    'Mutation.importSourceUserUndoKeepAsPlaceholder',
    'Mutation.importSourceUserKeepAllAsPlaceholder',
    'Mutation.importSourceUserResendNotification',
    'Group.importSourceUsers',
  ].map((f) =>
    field(
      f,
      "an imported top-level group's placeholders (the bundle's group has none): modules/imports/source-users/source-users.rest.test.ts attacks them — maintainer, outsider, assignee, placeholder",
    ),
  ),
];
