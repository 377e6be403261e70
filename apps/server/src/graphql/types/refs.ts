import type { ObjectFieldsShape } from '@pothos/core';
import type { GroupRow, ProjectRow } from '../../modules/namespaces';
import type { WorkItem } from '../../modules/work-items';
import { builder } from '../builder';
import type { EpicRow, IssueRow, LabelRow, MilestoneRow, UserRow } from '../loaders/rows';

/** Object refs declared first so types can point at each other (Group ↔ Epic ↔ Issue). */
export const UserRef = builder.objectRef<UserRow>('UserCore');
export const GroupRef = builder.objectRef<GroupRow>('Group');
export const ProjectRef = builder.objectRef<ProjectRow>('Project');
export const EpicRef = builder.objectRef<EpicRow>('Epic');
export const IssueRef = builder.objectRef<IssueRow>('Issue');
/** GitLab's `EpicIssue` (an issue listed under an epic, `Epic.issues`): every Issue field plus its epic link. */
export const EpicIssueRef = builder.objectRef<IssueRow>('EpicIssue');
/** The types that carry the Issue fields: each `objectFields` for issues is applied to both. */
export const ISSUE_REFS = [IssueRef, EpicIssueRef] as const;
export const LabelRef = builder.objectRef<LabelRow>('Label');
export const MilestoneRef = builder.objectRef<MilestoneRow>('Milestone');
export const WorkItemRef = builder.objectRef<WorkItem>('WorkItem');

/** Adds `fields` to every type in ISSUE_REFS (Issue and EpicIssue). */
export function issueFields(fields: ObjectFieldsShape<typeof builder.$inferSchemaTypes, IssueRow>): void {
  for (const ref of ISSUE_REFS) builder.objectFields(ref, fields);
}
