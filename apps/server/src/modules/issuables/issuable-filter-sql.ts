import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import { milestoneCondition, myReactionCondition, releaseCondition, searchCondition } from '../filters';
import type { IssuableFilters } from './issuable-filters';

type Cond = RawBuilder<boolean>;

/** Where the shared filters look: the row alias, its award type and its label link table. */
export interface IssuableFilterTarget {
  alias: 'i' | 'mr';
  awardableType: 'Issue' | 'MergeRequest';
  labelLinks: { table: 'issue_labels' | 'merge_request_labels'; rowColumn: 'issue_id' | 'merge_request_id' };
  /** Every one of several labels, as the list's own strategy (issues intersect, see issue-filter-sql.ts). */
  allLabels: (titles: string[]) => Cond;
}

export const userIdByName = (username: string) =>
  sql`(SELECT u.id FROM users u WHERE lower(u.username) = lower(${username}))`;

/** The label conditions of one target: one title, any of several, any label at all. */
export function labelSql(target: IssuableFilterTarget) {
  const links = sql.table(target.labelLinks.table);
  const linkRow = sql.ref(`ll.${target.labelLinks.rowColumn}`);
  const row = sql.ref(`${target.alias}.id`);
  return {
    hasLabel: (title: string): Cond =>
      sql<boolean>`EXISTS (SELECT 1 FROM ${links} ll JOIN labels l ON l.id = ll.label_id WHERE ${linkRow} = ${row} AND l.title = ${title})`,
    hasAnyLabelOf: (titles: string[]): Cond =>
      sql<boolean>`EXISTS (SELECT 1 FROM ${links} ll JOIN labels l ON l.id = ll.label_id WHERE ${linkRow} = ${row} AND l.title = ANY(${titles}::text[]))`,
    anyLabel: sql<boolean>`EXISTS (SELECT 1 FROM ${links} ll WHERE ${linkRow} = ${row})`,
  };
}

/** The conditions of the filters issues and merge requests share (labels, milestone, author, reactions, search, times). */
export function issuableFilterConditions(
  actor: Actor | null,
  target: IssuableFilterTarget,
  f: IssuableFilters,
): Cond[] {
  const c: Cond[] = [];
  const col = (name: string) => sql.ref(`${target.alias}.${name}`);
  const { hasLabel, hasAnyLabelOf, anyLabel } = labelSql(target);
  if (f.labels === 'None') c.push(sql<boolean>`NOT ${anyLabel}`);
  else if (f.labels === 'Any') c.push(anyLabel);
  else if (f.labels) c.push(f.labels.length > 1 ? target.allLabels(f.labels) : hasLabel(f.labels[0] as string));
  if (f.orLabels?.length) c.push(hasAnyLabelOf(f.orLabels));
  if (f.notLabels === 'None') c.push(anyLabel);
  else if (f.notLabels === 'Any') c.push(sql<boolean>`NOT ${anyLabel}`);
  else if (f.notLabels?.length) c.push(sql<boolean>`NOT ${hasAnyLabelOf(f.notLabels)}`);
  const milestoneColumn = `${target.alias}.milestone_id`;
  const projectColumn = `${target.alias}.project_id`;
  if (f.milestone !== undefined) c.push(milestoneCondition(milestoneColumn, f.milestone));
  if (f.notMilestone !== undefined) c.push(sql<boolean>`NOT ${milestoneCondition(milestoneColumn, f.notMilestone)}`);
  if (f.releaseTag !== undefined) c.push(releaseCondition(milestoneColumn, projectColumn, f.releaseTag));
  if (f.notReleaseTag !== undefined) {
    c.push(sql<boolean>`NOT ${releaseCondition(milestoneColumn, projectColumn, f.notReleaseTag)}`);
  }
  if (f.authorId !== undefined) c.push(sql<boolean>`${col('author_id')} = ${f.authorId}`);
  if (f.notAuthorId !== undefined) c.push(sql<boolean>`${col('author_id')} IS DISTINCT FROM ${f.notAuthorId}`);
  if (f.authorUsername !== undefined) c.push(sql<boolean>`${col('author_id')} = ${userIdByName(f.authorUsername)}`);
  if (f.orAuthorUsernames?.length) {
    const names = f.orAuthorUsernames.map((n) => n.toLowerCase());
    c.push(
      sql<boolean>`${col('author_id')} IN (SELECT u.id FROM users u WHERE lower(u.username) = ANY(${names}::text[]))`,
    );
  }
  for (const [emoji, negate] of [
    [f.myReactionEmoji, false],
    [f.notMyReactionEmoji, true],
  ] as const) {
    const reaction =
      emoji !== undefined
        ? myReactionCondition(actor?.id, target.awardableType, `${target.alias}.id`, emoji, negate)
        : null;
    if (reaction) c.push(reaction);
  }
  if (f.iids?.length) c.push(sql<boolean>`${col('iid')} = ANY(${f.iids}::int[])`);
  if (f.search) c.push(searchCondition(target.alias, f.search, f.searchIn));
  if (f.createdAfter) c.push(sql<boolean>`${col('created_at')} >= ${f.createdAfter}`);
  if (f.createdBefore) c.push(sql<boolean>`${col('created_at')} <= ${f.createdBefore}`);
  if (f.updatedAfter) c.push(sql<boolean>`${col('updated_at')} >= ${f.updatedAfter}`);
  if (f.updatedBefore) c.push(sql<boolean>`${col('updated_at')} <= ${f.updatedBefore}`);
  return c;
}
