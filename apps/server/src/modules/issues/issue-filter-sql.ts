import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import type { IssueFilters } from './issue-filters';

/**
 * Turns IssueFilters into SQL conditions over `issues i` (joined with `projects p` and
 * `namespaces n` by the caller). Visibility is NOT here: see issueVisibility in issues-query.ts.
 */
type Cond = RawBuilder<boolean>;

const hasLabel = (title: string): Cond =>
  sql<boolean>`EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id AND l.title = ${title})`;
const hasAnyLabelOf = (titles: string[]): Cond =>
  sql<boolean>`EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id AND l.title = ANY(${titles}::text[]))`;
const anyLabel = sql<boolean>`EXISTS (SELECT 1 FROM issue_labels il WHERE il.issue_id = i.id)`;

const userIdByName = (username: string) => sql`(SELECT u.id FROM users u WHERE lower(u.username) = lower(${username}))`;
const assignedTo = (user: RawBuilder<unknown>): Cond =>
  sql<boolean>`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id AND ia.user_id = ${user})`;
const anyAssignee = sql<boolean>`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id)`;

/** Milestones whose start date has passed and that are still open (GitLab's "Started"). */
const startedMilestone = sql<boolean>`EXISTS (SELECT 1 FROM milestones m WHERE m.id = i.milestone_id AND m.state = 'active' AND m.start_date <= CURRENT_DATE)`;
/** The nearest future-due open milestone of the issue's milestone container (GitLab's "Upcoming"). */
const upcomingMilestone = sql<boolean>`EXISTS (SELECT 1 FROM milestones m WHERE m.id = i.milestone_id AND m.state = 'active'
  AND m.due_date > CURRENT_DATE AND NOT EXISTS (SELECT 1 FROM milestones m2 WHERE m2.state = 'active'
  AND m2.due_date > CURRENT_DATE AND m2.due_date < m.due_date
  AND m2.project_id IS NOT DISTINCT FROM m.project_id AND m2.group_id IS NOT DISTINCT FROM m.group_id))`;

function milestoneCond(value: string | number): Cond {
  if (value === 'None') return sql<boolean>`i.milestone_id IS NULL`;
  if (value === 'Any') return sql<boolean>`i.milestone_id IS NOT NULL`;
  if (value === 'Started') return startedMilestone;
  if (value === 'Upcoming') return upcomingMilestone;
  if (typeof value === 'number') return sql<boolean>`i.milestone_id = ${value}`;
  return sql<boolean>`EXISTS (SELECT 1 FROM milestones m WHERE m.id = i.milestone_id AND m.title = ${value})`;
}

function dueDateCond(value: NonNullable<IssueFilters['dueDate']>): Cond {
  switch (value) {
    case '0':
      return sql<boolean>`i.due_date IS NULL`;
    case 'any':
      return sql<boolean>`i.due_date IS NOT NULL`;
    case 'today':
      return sql<boolean>`i.due_date = CURRENT_DATE`;
    case 'tomorrow':
      return sql<boolean>`i.due_date = CURRENT_DATE + 1`;
    case 'overdue':
      return sql<boolean>`i.due_date < CURRENT_DATE`;
    case 'week':
      return sql<boolean>`i.due_date BETWEEN CURRENT_DATE AND CURRENT_DATE + 7`;
    case 'month':
      return sql<boolean>`i.due_date BETWEEN CURRENT_DATE AND (CURRENT_DATE + interval '1 month')::date`;
    case 'next_month_and_previous_two_weeks':
      return sql<boolean>`i.due_date BETWEEN CURRENT_DATE - 14 AND (CURRENT_DATE + interval '1 month')::date`;
  }
}

function wildcardColumn(column: string, value: number | string, exact: (v: number | string) => Cond): Cond {
  if (value === 'None') return sql<boolean>`${sql.ref(column)} IS NULL`;
  if (value === 'Any') return sql<boolean>`${sql.ref(column)} IS NOT NULL`;
  return exact(value);
}

/** The conditions for every filter set; an empty list means no filtering. */
export function issueFilterConditions(actor: Actor | null, f: IssueFilters): Cond[] {
  const c: Cond[] = [];
  if (f.state && f.state !== 'all') c.push(sql<boolean>`i.state = ${f.state}`);
  if (f.labels === 'None') c.push(sql<boolean>`NOT ${anyLabel}`);
  else if (f.labels === 'Any') c.push(anyLabel);
  else if (f.labels) for (const t of f.labels) c.push(hasLabel(t));
  if (f.orLabels?.length) c.push(hasAnyLabelOf(f.orLabels));
  if (f.notLabels?.length) c.push(sql<boolean>`NOT ${hasAnyLabelOf(f.notLabels)}`);
  if (f.milestone !== undefined) c.push(milestoneCond(f.milestone));
  if (f.milestoneId !== undefined) c.push(milestoneCond(f.milestoneId));
  if (f.notMilestone !== undefined) c.push(sql<boolean>`NOT ${milestoneCond(f.notMilestone)}`);
  if (f.assigneeId === 'None') c.push(sql<boolean>`NOT ${anyAssignee}`);
  else if (f.assigneeId === 'Any') c.push(anyAssignee);
  else if (typeof f.assigneeId === 'number') c.push(assignedTo(sql`${f.assigneeId}`));
  for (const name of f.assigneeUsernames ?? []) c.push(assignedTo(userIdByName(name)));
  for (const name of f.notAssigneeUsernames ?? []) c.push(sql<boolean>`NOT ${assignedTo(userIdByName(name))}`);
  if (f.authorId !== undefined) c.push(sql<boolean>`i.author_id = ${f.authorId}`);
  if (f.authorUsername !== undefined) c.push(sql<boolean>`i.author_id = ${userIdByName(f.authorUsername)}`);
  if (f.notAuthorUsernames?.length) {
    const names = f.notAuthorUsernames.map((n) => n.toLowerCase());
    c.push(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM users u WHERE u.id = i.author_id AND lower(u.username) = ANY(${names}::text[]))`,
    );
  }
  if (f.orAuthorUsernames?.length) {
    const names = f.orAuthorUsernames.map((n) => n.toLowerCase());
    c.push(sql<boolean>`i.author_id IN (SELECT u.id FROM users u WHERE lower(u.username) = ANY(${names}::text[]))`);
  }
  if (f.myReactionEmoji !== undefined && actor) {
    const base = sql`SELECT 1 FROM award_emoji ae WHERE ae.awardable_type = 'Issue' AND ae.awardable_id = i.id AND ae.user_id = ${actor.id}`;
    if (f.myReactionEmoji === 'None') c.push(sql<boolean>`NOT EXISTS (${base})`);
    else if (f.myReactionEmoji === 'Any') c.push(sql<boolean>`EXISTS (${base})`);
    else c.push(sql<boolean>`EXISTS (${base} AND ae.name = ${f.myReactionEmoji})`);
  }
  if (f.confidential !== undefined) c.push(sql<boolean>`i.confidential = ${f.confidential}`);
  if (f.weight !== undefined) c.push(wildcardColumn('i.weight', f.weight, (v) => sql<boolean>`i.weight = ${v}`));
  if (f.iterationId === 'Current') {
    c.push(
      sql<boolean>`EXISTS (SELECT 1 FROM iterations it WHERE it.id = i.iteration_id AND CURRENT_DATE BETWEEN it.start_date AND it.due_date)`,
    );
  } else if (f.iterationId !== undefined) {
    c.push(wildcardColumn('i.iteration_id', f.iterationId, (v) => sql<boolean>`i.iteration_id = ${v}`));
  }
  if (f.iterationTitle !== undefined) {
    c.push(
      sql<boolean>`EXISTS (SELECT 1 FROM iterations it WHERE it.id = i.iteration_id AND it.title = ${f.iterationTitle})`,
    );
  }
  if (f.epicId === 'None') c.push(sql<boolean>`NOT EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id)`);
  else if (f.epicId === 'Any') c.push(sql<boolean>`EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id)`);
  else if (typeof f.epicId === 'number') {
    c.push(sql<boolean>`EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id AND ei.epic_id = ${f.epicId})`);
  }
  if (f.healthStatus !== undefined) {
    c.push(wildcardColumn('i.health_status', f.healthStatus, (v) => sql<boolean>`i.health_status = ${v}`));
  }
  if (f.issueTypes?.length) c.push(sql<boolean>`i.issue_type = ANY(${f.issueTypes}::text[])`);
  if (f.iids?.length) c.push(sql<boolean>`i.iid = ANY(${f.iids}::int[])`);
  if (f.search) {
    const pattern = `%${f.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const fields = f.searchIn?.length ? f.searchIn : ['title', 'description'];
    const parts = fields.map((col) => sql<boolean>`${sql.ref(`i.${col}`)} ILIKE ${pattern}`);
    c.push(sql<boolean>`(${sql.join(parts, sql` OR `)})`);
  }
  if (f.createdAfter) c.push(sql<boolean>`i.created_at >= ${f.createdAfter}`);
  if (f.createdBefore) c.push(sql<boolean>`i.created_at <= ${f.createdBefore}`);
  if (f.updatedAfter) c.push(sql<boolean>`i.updated_at >= ${f.updatedAfter}`);
  if (f.updatedBefore) c.push(sql<boolean>`i.updated_at <= ${f.updatedBefore}`);
  if (f.dueDate) c.push(dueDateCond(f.dueDate));
  if (f.scope === 'created_by_me') c.push(actor ? sql<boolean>`i.author_id = ${actor.id}` : sql<boolean>`false`);
  if (f.scope === 'assigned_to_me') c.push(actor ? assignedTo(sql`${actor.id}`) : sql<boolean>`false`);
  return c;
}

/** ANDs the conditions into one (true when empty). */
export function allOf(conds: Cond[]): Cond {
  return conds.length ? sql<boolean>`(${sql.join(conds, sql` AND `)})` : sql<boolean>`true`;
}
