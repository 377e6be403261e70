/**
 * Issue list filters as a plain object: the REST layer parses GitLab's query parameters into it
 * (`issue-params.ts`), the GraphQL layer fills it from its arguments, and `issue-filter-sql.ts`
 * turns it into WHERE clauses. Every field is optional; absent means "no filter".
 *
 * Wildcards follow GitLab: 'None' (no value set) and 'Any' (some value set).
 */
export type Wildcard = 'None' | 'Any';

export interface IssueFilters {
  /** 'opened' | 'closed'; absent or 'all' means both. */
  state?: 'opened' | 'closed' | 'all';
  /** Label titles that must ALL be present, or a wildcard. */
  labels?: string[] | Wildcard;
  /** Label titles of which AT LEAST ONE must be present (`or[labels]`). */
  orLabels?: string[];
  /** Label titles that must all be absent (`not[labels]`); `not[labels]=None` means some label, `Any` none. */
  notLabels?: string[] | Wildcard;
  /** Milestone by title, or a wildcard, or 'Started' (start date passed) / 'Upcoming' (next due). */
  milestone?: string;
  /** Milestone by id, with the same wildcards as `milestone`. */
  milestoneId?: number | Wildcard | 'Started' | 'Upcoming';
  /** Issues not in the milestone with this title, nor matching 'Started'/'Upcoming' (`not[milestone]`). */
  notMilestone?: string;
  /** Release tag of the issue's milestone (GitLab: issues belong to a release through their milestone), or a wildcard. */
  releaseTag?: string;
  /** Issues whose milestone is not in the release with this tag (`not[release_tag]`). */
  notReleaseTag?: string;
  assigneeId?: number | Wildcard;
  /** All of these users must be assignees. */
  assigneeUsernames?: string[];
  notAssigneeUsernames?: string[];
  notAssigneeId?: number;
  /** At least one of these users is an assignee (`or[assignee_username][]`). */
  orAssigneeUsernames?: string[];
  authorId?: number;
  notAuthorId?: number;
  authorUsername?: string;
  notAuthorUsernames?: string[];
  /** Author is one of these (`or[author_username][]`). */
  orAuthorUsernames?: string[];
  /** Emoji the actor reacted with, or a wildcard. Ignored for anonymous actors. */
  myReactionEmoji?: string;
  /** The actor did not react with this emoji (`not[my_reaction_emoji]`). */
  notMyReactionEmoji?: string;
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
  healthStatus?: 'on_track' | 'needs_attention' | 'at_risk' | Wildcard;
  issueTypes?: Array<'issue' | 'incident' | 'task'>;
  iids?: number[];
  /** ILIKE search, in title and/or description. */
  search?: string;
  searchIn?: Array<'title' | 'description'>;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  dueDate?: '0' | 'any' | 'today' | 'tomorrow' | 'overdue' | 'week' | 'month' | 'next_month_and_previous_two_weeks';
  /** For `GET /issues`: issues the actor created, is assigned to, or every readable issue. */
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  orderBy?: IssueOrderBy;
  sort?: 'asc' | 'desc';
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
