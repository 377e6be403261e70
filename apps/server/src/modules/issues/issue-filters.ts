import type { HealthStatus } from '@meridian/domain';
import type { IssuableFilters, Wildcard } from '../issuables';

/**
 * Issue list filters as a plain object: the REST layer parses GitLab's query parameters into it
 * (`issue-params.ts`), the GraphQL layer fills it from its arguments, and `issue-filter-sql.ts`
 * turns it into WHERE clauses. Every field is optional; absent means "no filter".
 *
 * Wildcards follow GitLab: 'None' (no value set) and 'Any' (some value set).
 */
export type { Wildcard };

export interface IssueFilters extends IssuableFilters {
  /** 'opened' | 'closed'; absent or 'all' means both. */
  state?: 'opened' | 'closed' | 'all';
  /** Milestone by id, with the same wildcards as `milestone`. */
  milestoneId?: number | Wildcard | 'Started' | 'Upcoming';
  assigneeId?: number | Wildcard;
  /** All of these users must be assignees. */
  assigneeUsernames?: string[];
  notAssigneeUsernames?: string[];
  notAssigneeId?: number;
  /** At least one of these users is an assignee (`or[assignee_username][]`). */
  orAssigneeUsernames?: string[];
  notAuthorUsernames?: string[];
  confidential?: boolean;
  weight?: number | Wildcard;
  notWeight?: number;
  iterationId?: number | Wildcard | 'Current';
  /** `not[iteration_id]`: an iteration id, or 'Current' (the only wildcard GitLab allows negated). */
  notIterationId?: number | 'Current';
  iterationTitle?: string;
  notIterationTitle?: string;
  epicId?: number | Wildcard;
  notEpicId?: number;
  healthStatus?: HealthStatus | Wildcard;
  issueTypes?: Array<'issue' | 'incident' | 'task' | 'objective' | 'key_result'>;
  dueDate?: '0' | 'any' | 'today' | 'tomorrow' | 'overdue' | 'week' | 'month' | 'next_month_and_previous_two_weeks';
  /** For `GET /issues`: issues the actor created, is assigned to, or every readable issue. */
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  orderBy?: IssueOrderBy;
}

export const issueOrderByValues = [
  'created_at',
  'updated_at',
  'priority',
  'due_date',
  'relative_position',
  'label_priority',
  'milestone_due',
  'popularity',
  'weight',
  'title',
] as const;
export type IssueOrderBy = (typeof issueOrderByValues)[number];
