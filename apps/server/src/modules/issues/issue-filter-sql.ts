import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import { epicIdReadable } from '../../policy/sql-scopes';
import { milestoneCondition } from '../filters';
import { type IssuableFilterTarget, issuableFilterConditions, userIdByName } from '../issuables';
import type { IssueFilters } from './issue-filters';

/**
 * Turns IssueFilters into SQL conditions over `issues i` (joined with `projects p` and
 * `namespaces n` by the caller). Visibility is NOT here: see issueVisibility in issues-query.ts.
 */
type Cond = RawBuilder<boolean>;

/**
 * Every one of several labels, as one array of issue ids: PostgreSQL intersects the labels' link
 * rows (a hashed INTERSECT) before it touches issues, instead of probing each label per issue or
 * sorting all their links to group them. As an array, the issues are then fetched by id: joined as
 * a subquery, the intersection was estimated as large as its smallest label and issues were
 * scanned whole (see docs/BENCHMARKS.md). A title may name a group and a project label at once;
 * set semantics make that one match.
 */
const hasAllLabels = (titles: string[]): Cond => {
  const sets = [...new Set(titles)].map(
    (title) =>
      sql`SELECT il.issue_id FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE l.title = ${title}`,
  );
  return sql<boolean>`i.id = ANY(ARRAY(${sql.join(sets, sql` INTERSECT `)}))`;
};

/**
 * Assigned to a user: that user's issue ids are read first, through the (user_id, issue_id) index,
 * as an id array. As a semi-join probed per issue, a group list walked its order index across
 * most of the group (docs/BENCHMARKS.md). Negations stay anti-joins (`notAssignedTo`).
 */
const assignedTo = (user: RawBuilder<unknown>): Cond =>
  sql<boolean>`i.id = ANY(ARRAY(SELECT ia.issue_id FROM issue_assignees ia WHERE ia.user_id = ${user}))`;
const notAssignedTo = (user: RawBuilder<unknown>): Cond =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id AND ia.user_id = ${user})`;
const anyAssignee = sql<boolean>`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id)`;

const issueFilterTarget: IssuableFilterTarget = {
  alias: 'i',
  awardableType: 'Issue',
  labelLinks: { table: 'issue_labels', rowColumn: 'issue_id' },
  allLabels: hasAllLabels,
};

/** In epic `epicId`, which the actor may read: a hidden epic filters like a missing one (no membership oracle). */
const inReadableEpic = (actor: Actor | null, epicId: number): Cond =>
  sql<boolean>`(EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id AND ei.epic_id = ${epicId})
    AND ${epicIdReadable(actor, epicId)})`;

const inIteration = (cond: RawBuilder<unknown>): Cond =>
  sql<boolean>`EXISTS (SELECT 1 FROM iterations it WHERE it.id = i.iteration_id AND ${cond})`;
const currentIteration = inIteration(sql`CURRENT_DATE BETWEEN it.start_date AND it.due_date`);

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
  c.push(...issuableFilterConditions(actor, issueFilterTarget, f));
  if (f.milestoneId !== undefined) c.push(milestoneCondition('i.milestone_id', f.milestoneId));
  if (f.assigneeId === 'None') c.push(sql<boolean>`NOT ${anyAssignee}`);
  else if (f.assigneeId === 'Any') c.push(anyAssignee);
  else if (typeof f.assigneeId === 'number') c.push(assignedTo(sql`${f.assigneeId}`));
  for (const name of f.assigneeUsernames ?? []) c.push(assignedTo(userIdByName(name)));
  for (const name of f.notAssigneeUsernames ?? []) c.push(notAssignedTo(userIdByName(name)));
  if (f.notAssigneeId !== undefined) c.push(notAssignedTo(sql`${f.notAssigneeId}`));
  if (f.orAssigneeUsernames?.length) {
    const names = f.orAssigneeUsernames.map((n) => n.toLowerCase());
    c.push(
      sql<boolean>`i.id = ANY(ARRAY(SELECT ia.issue_id FROM issue_assignees ia JOIN users u ON u.id = ia.user_id WHERE lower(u.username) = ANY(${names}::text[])))`,
    );
  }
  if (f.notAuthorUsernames?.length) {
    const names = f.notAuthorUsernames.map((n) => n.toLowerCase());
    c.push(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM users u WHERE u.id = i.author_id AND lower(u.username) = ANY(${names}::text[]))`,
    );
  }
  if (f.confidential !== undefined) c.push(sql<boolean>`i.confidential = ${f.confidential}`);
  if (f.weight !== undefined) c.push(wildcardColumn('i.weight', f.weight, (v) => sql<boolean>`i.weight = ${v}`));
  if (f.notWeight !== undefined) c.push(sql<boolean>`i.weight IS DISTINCT FROM ${f.notWeight}`);
  if (f.iterationId === 'Current') c.push(currentIteration);
  else if (f.iterationId !== undefined) {
    c.push(wildcardColumn('i.iteration_id', f.iterationId, (v) => sql<boolean>`i.iteration_id = ${v}`));
  }
  if (f.notIterationId === 'Current') c.push(sql<boolean>`NOT ${currentIteration}`);
  else if (f.notIterationId !== undefined) {
    c.push(sql<boolean>`i.iteration_id IS DISTINCT FROM ${f.notIterationId}`);
  }
  if (f.iterationTitle !== undefined) c.push(inIteration(sql`it.title = ${f.iterationTitle}`));
  if (f.notIterationTitle !== undefined)
    c.push(sql<boolean>`NOT ${inIteration(sql`it.title = ${f.notIterationTitle}`)}`);
  if (f.epicId === 'None') c.push(sql<boolean>`NOT EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id)`);
  else if (f.epicId === 'Any') c.push(sql<boolean>`EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id)`);
  else if (typeof f.epicId === 'number') c.push(inReadableEpic(actor, f.epicId));
  if (f.notEpicId !== undefined) c.push(sql<boolean>`NOT ${inReadableEpic(actor, f.notEpicId)}`);
  if (f.healthStatus !== undefined) {
    c.push(wildcardColumn('i.health_status', f.healthStatus, (v) => sql<boolean>`i.health_status = ${v}`));
  }
  if (f.issueTypes?.length) c.push(sql<boolean>`i.issue_type = ANY(${f.issueTypes}::text[])`);
  if (f.dueDate) c.push(dueDateCond(f.dueDate));
  if (f.scope === 'created_by_me') c.push(actor ? sql<boolean>`i.author_id = ${actor.id}` : sql<boolean>`false`);
  if (f.scope === 'assigned_to_me') c.push(actor ? assignedTo(sql`${actor.id}`) : sql<boolean>`false`);
  return c;
}
