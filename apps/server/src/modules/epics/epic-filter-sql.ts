import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import {
  epicIdReadable,
  issueConfidentialityAllows,
  issueNotHidden,
  projectIssuesEnabled,
  projectReadable,
} from '../../policy/sql-scopes';
import { myReactionCondition, searchCondition } from '../filters';
import type { EpicFilters } from './epic-filters';

/**
 * Turns EpicFilters into SQL conditions over `epics e`. Group scope and visibility are NOT here:
 * see epicConditions in epic-query.ts.
 */
type Cond = RawBuilder<boolean>;

const labelExists = (title: string): Cond =>
  sql<boolean>`EXISTS (SELECT 1 FROM epic_labels el JOIN labels l ON l.id = el.label_id WHERE el.epic_id = e.id AND l.title = ${title})`;
const anyLabelOf = (titles: string[]): Cond =>
  sql<boolean>`EXISTS (SELECT 1 FROM epic_labels el JOIN labels l ON l.id = el.label_id WHERE el.epic_id = e.id AND l.title = ANY(${titles}::text[]))`;
const authorIn = (names: string[]): Cond =>
  sql<boolean>`e.author_id IN (SELECT u.id FROM users u WHERE lower(u.username) = ANY(${names.map((s) => s.toLowerCase())}::text[]))`;

/** Epic `e` has an issue the actor may read in a milestone titled `title`. */
function inMilestone(actor: Actor | null, title: string): Cond {
  const project = projectReadable(actor, {
    projectId: 'mp.id',
    visibility: 'mp.visibility_level',
    namespaceTraversalIds: 'mn.traversal_ids',
  });
  const confidential = issueConfidentialityAllows(actor, {
    issueId: 'mi.id',
    confidential: 'mi.confidential',
    authorId: 'mi.author_id',
    projectId: 'mi.project_id',
    namespaceTraversalIds: 'mn.traversal_ids',
  });
  const notHidden = issueNotHidden(actor, { authorId: 'mi.author_id', hiddenAsSpam: 'mi.hidden_as_spam' });
  return sql<boolean>`EXISTS (SELECT 1 FROM epic_issues mei JOIN issues mi ON mi.id = mei.issue_id
    JOIN milestones mm ON mm.id = mi.milestone_id
    JOIN projects mp ON mp.id = mi.project_id JOIN namespaces mn ON mn.id = mp.namespace_id
    WHERE mei.epic_id = e.id AND mm.title = ${title} AND ${project}
      AND ${projectIssuesEnabled({ issuesEnabled: 'mp.issues_enabled' })} AND ${confidential} AND ${notHidden})`;
}

/** The conditions for every filter set; an empty list means no filtering. */
export function epicFilterConditions(actor: Actor | null, f: EpicFilters): Cond[] {
  const c: Cond[] = [];
  if (f.authorId !== undefined) c.push(sql<boolean>`e.author_id = ${f.authorId}`);
  if (f.authorUsername !== undefined) c.push(authorIn([f.authorUsername]));
  if (f.notAuthorUsernames?.length)
    c.push(sql<boolean>`(e.author_id IS NULL OR NOT ${authorIn(f.notAuthorUsernames)})`);
  if (f.orAuthorUsernames?.length) c.push(authorIn(f.orAuthorUsernames));
  if (f.labels === 'None') c.push(sql<boolean>`NOT EXISTS (SELECT 1 FROM epic_labels el WHERE el.epic_id = e.id)`);
  else if (f.labels === 'Any') c.push(sql<boolean>`EXISTS (SELECT 1 FROM epic_labels el WHERE el.epic_id = e.id)`);
  else if (f.labels) for (const title of f.labels) c.push(labelExists(title));
  const anyLabel = sql<boolean>`EXISTS (SELECT 1 FROM epic_labels el WHERE el.epic_id = e.id)`;
  if (f.notLabels === 'None') c.push(anyLabel);
  else if (f.notLabels === 'Any') c.push(sql<boolean>`NOT ${anyLabel}`);
  else if (f.notLabels?.length) c.push(sql<boolean>`NOT ${anyLabelOf(f.notLabels)}`);
  if (f.orLabels?.length) c.push(anyLabelOf(f.orLabels));
  if (f.search) c.push(searchCondition('e', f.search, f.searchIn));
  if (f.state && f.state !== 'all') c.push(sql<boolean>`e.state = ${f.state}`);
  if (f.createdAfter) c.push(sql<boolean>`e.created_at >= ${f.createdAfter}`);
  if (f.createdBefore) c.push(sql<boolean>`e.created_at <= ${f.createdBefore}`);
  if (f.updatedAfter) c.push(sql<boolean>`e.updated_at >= ${f.updatedAfter}`);
  if (f.updatedBefore) c.push(sql<boolean>`e.updated_at <= ${f.updatedBefore}`);
  for (const [value, negate] of [
    [f.myReactionEmoji, false],
    [f.notMyReactionEmoji, true],
  ] as const) {
    const cond = value ? myReactionCondition(actor?.id, 'Epic', 'e.id', value, negate) : null;
    if (cond) c.push(cond);
  }
  if (f.milestoneTitle !== undefined) c.push(inMilestone(actor, f.milestoneTitle));
  if (f.confidential !== undefined) c.push(sql<boolean>`e.confidential = ${f.confidential}`);
  if (f.parentId === 'None') c.push(sql<boolean>`e.parent_id IS NULL`);
  else if (f.parentId !== undefined) {
    // A hidden parent filters like a missing one: no answer about its children.
    c.push(sql<boolean>`(e.parent_id = ${f.parentId} AND ${epicIdReadable(actor, f.parentId)})`);
  }
  if (f.iids) c.push(sql<boolean>`e.iid = ANY(${f.iids}::int[])`);
  if (f.timeframe) {
    c.push(
      sql<boolean>`(e.start_date IS NOT NULL OR e.due_date IS NOT NULL)
        AND (e.start_date IS NULL OR e.start_date <= ${f.timeframe.end}::date)
        AND (e.due_date IS NULL OR e.due_date >= ${f.timeframe.start}::date)`,
    );
  }
  return c;
}
