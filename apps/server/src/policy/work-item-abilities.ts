import { canEpic, canIssue } from './abilities';
import type { Actor } from './actor';
import type { EpicSubject, IssueSubject } from './subjects';

/** GitLab's work item permissions (IE §6), each one an existing issue or epic ability. */
export const workItemAbilities = [
  'read_work_item',
  'update_work_item',
  'delete_work_item',
  'admin_parent_link',
  'set_work_item_metadata',
  'create_note',
  'admin_work_item_link',
] as const;
export type WorkItemAbility = (typeof workItemAbilities)[number];

const ISSUE_ABILITY = {
  read_work_item: 'read_issue',
  update_work_item: 'update_issue',
  delete_work_item: 'destroy_issue',
  admin_parent_link: 'admin_issue_relation',
  set_work_item_metadata: 'admin_issue',
  create_note: 'create_note',
  admin_work_item_link: 'admin_issue_relation',
} as const;

const EPIC_ABILITY = {
  read_work_item: 'read_epic',
  update_work_item: 'update_epic',
  delete_work_item: 'destroy_epic',
  admin_parent_link: 'admin_epic_relation',
  set_work_item_metadata: 'admin_epic',
  create_note: 'create_note',
  admin_work_item_link: 'admin_epic_relation',
} as const;

/** May the actor do `ability` on the work item (an issue-backed one or an epic)? */
export function canWorkItem(
  actor: Actor | null,
  ability: WorkItemAbility,
  subject: IssueSubject | EpicSubject,
): boolean {
  return subject.kind === 'issue'
    ? canIssue(actor, ISSUE_ABILITY[ability], subject)
    : canEpic(actor, EPIC_ABILITY[ability], subject);
}
