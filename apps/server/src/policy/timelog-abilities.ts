import { canIssue, projectAccessLevel } from './abilities';
import { AccessLevel } from './access-levels';
import type { Actor } from './actor';
import type { IssueSubject } from './subjects';

/**
 * GitLab's TimelogPolicy `admin_timelog`: whoever logged the time, or a Maintainer of the project,
 * among those who may read the issue.
 */
export function canAdminTimelog(actor: Actor | null, loggedById: number | null, issue: IssueSubject): boolean {
  if (actor === null || !canIssue(actor, 'read_issue', issue)) return false;
  if (actor.admin || actor.id === loggedById) return true;
  return projectAccessLevel(actor, issue.project) >= AccessLevel.MAINTAINER;
}
