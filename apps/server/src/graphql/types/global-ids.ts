import { GraphQLError } from 'graphql';
import { builder } from '../builder';
import { type GidType, parseGid } from '../gid';

/** GitLab's typed global-id scalars (`EpicID`, `MilestoneID`…), refused on input unless of their types. */
type GlobalIdScalar =
  | 'EpicID'
  | 'EpicTreeSortingID'
  | 'IssueID'
  | 'MilestoneID'
  | 'IterationID'
  | 'LabelID'
  | 'UserID'
  | 'WorkItemID'
  | 'IssuableID'
  | 'NoteID'
  | 'NoteableID'
  | 'TodoID'
  | 'TodoableID'
  | 'IncidentManagementTimelineEventID'
  | 'IncidentManagementEscalationPolicyID'
  | 'ImportSourceUserID'
  | 'NamespaceID';

function globalIdScalar(name: GlobalIdScalar, types: readonly GidType[], example: string) {
  const check = (value: unknown): string => {
    if (typeof value !== 'string' || parseGid(value, types) === null) {
      const expected = types.map((t) => `gid://gitlab/${t}/<id>`).join(' or ');
      throw new GraphQLError(`${JSON.stringify(value)} is not a valid ${name} (expected ${expected})`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    return value;
  };
  const description = `A \`${name}\` is a global ID. It is encoded as a string, e.g. "${example}".`;
  return builder.scalarType(name, { description, serialize: (v) => String(v), parseValue: check });
}

globalIdScalar('EpicID', ['Epic'], 'gid://gitlab/Epic/1');
globalIdScalar('EpicTreeSortingID', ['Epic', 'EpicIssue'], 'gid://gitlab/EpicIssue/1');
globalIdScalar('IssueID', ['Issue'], 'gid://gitlab/Issue/1');
globalIdScalar('MilestoneID', ['Milestone'], 'gid://gitlab/Milestone/1');
globalIdScalar('IterationID', ['Iteration'], 'gid://gitlab/Iteration/1');
globalIdScalar('LabelID', ['GroupLabel', 'ProjectLabel', 'Label'], 'gid://gitlab/Label/1');
globalIdScalar('UserID', ['User'], 'gid://gitlab/User/1');
// An issue's work item id is its issue id; an epic is named by its Epic global id.
globalIdScalar('WorkItemID', ['WorkItem', 'Issue', 'Epic'], 'gid://gitlab/WorkItem/1');
globalIdScalar('IssuableID', ['Issue', 'Epic', 'WorkItem'], 'gid://gitlab/Issue/1');
globalIdScalar('NoteID', ['Note'], 'gid://gitlab/Note/1');
// What notes are written on; an issue's work item id is its issue id.
globalIdScalar('NoteableID', ['Issue', 'MergeRequest', 'Epic', 'WorkItem'], 'gid://gitlab/Issue/1');

globalIdScalar('TodoID', ['Todo'], 'gid://gitlab/Todo/1');
globalIdScalar(
  'IncidentManagementTimelineEventID',
  ['IncidentManagement::TimelineEvent'],
  'gid://gitlab/IncidentManagement::TimelineEvent/1',
);
globalIdScalar(
  'IncidentManagementEscalationPolicyID',
  ['IncidentManagement::EscalationPolicy'],
  'gid://gitlab/IncidentManagement::EscalationPolicy/1',
);
globalIdScalar('ImportSourceUserID', ['Import::SourceUser'], 'gid://gitlab/Import::SourceUser/1');
// A namespace: Meridian's are groups (GitLab also accepts a group's id as a namespace's).
globalIdScalar('NamespaceID', ['Namespace', 'Group'], 'gid://gitlab/Namespace/1');
// What a to-do can be about (GitLab's Todoable); an issue's work item id is its issue id.
globalIdScalar('TodoableID', ['Issue', 'MergeRequest', 'Epic', 'WorkItem'], 'gid://gitlab/Issue/1');

const DISCUSSION_GID = /^gid:\/\/gitlab\/Discussion\/[0-9a-f]{40}$/;
builder.scalarType('DiscussionID', {
  description: 'A `DiscussionID` is a global ID. It is encoded as a string, e.g. "gid://gitlab/Discussion/<40 hex>".',
  serialize: (v) => String(v),
  parseValue: (value) => {
    if (typeof value !== 'string' || !DISCUSSION_GID.test(value)) {
      throw new GraphQLError(`${JSON.stringify(value)} is not a valid DiscussionID`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    return value;
  },
});
