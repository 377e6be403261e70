import { type RawBuilder, sql } from 'kysely';

type Cond = RawBuilder<boolean>;

/** GitLab's milestone filter values: a title or id, or a wildcard. */
export type MilestoneValue = string | number;

/**
 * `column` is one of the milestones matching `where` (alias m). The ids are computed once, as an
 * array: PostgreSQL cannot estimate how many milestones "started"/"upcoming" match (it guessed 9
 * for 1) and then hash-joined every issue that has a milestone; `= ANY(array)` walks the
 * milestone_id index instead. `IS NOT NULL AND` keeps `NOT (…)` true for rows without milestone.
 */
function inMilestones(column: RawBuilder<unknown>, where: RawBuilder<unknown>): Cond {
  return sql<boolean>`(${column} IS NOT NULL AND ${column} = ANY(ARRAY(SELECT m.id FROM milestones m WHERE ${where})))`;
}

/**
 * The milestone condition over an issuable's `milestone_id` column (`i.milestone_id`,
 * `mr.milestone_id`): 'None', 'Any', 'Started' (open, start date passed), 'Upcoming' (the
 * nearest future-due open milestone of its container), an id, or a title.
 */
export function milestoneCondition(column: string, value: MilestoneValue): Cond {
  const col = sql.ref(column);
  if (value === 'None') return sql<boolean>`${col} IS NULL`;
  if (value === 'Any') return sql<boolean>`${col} IS NOT NULL`;
  if (value === 'Started') {
    return inMilestones(col, sql`m.state = 'active' AND m.start_date <= CURRENT_DATE`);
  }
  if (value === 'Upcoming') {
    return inMilestones(
      col,
      sql`m.state = 'active' AND m.due_date > CURRENT_DATE AND NOT EXISTS (SELECT 1 FROM milestones m2
        WHERE m2.state = 'active' AND m2.due_date > CURRENT_DATE AND m2.due_date < m.due_date
        AND m2.project_id IS NOT DISTINCT FROM m.project_id AND m2.group_id IS NOT DISTINCT FROM m.group_id)`,
    );
  }
  if (typeof value === 'number') return sql<boolean>`${col} = ${value}`;
  return sql<boolean>`EXISTS (SELECT 1 FROM milestones m WHERE m.id = ${col} AND m.title = ${value})`;
}

/**
 * The release filter, as GitLab: an issuable belongs to a release through its milestone
 * (`release_milestones`). 'None' = its milestone is in no release (or it has no milestone);
 * 'Any' = its milestone is in some release; otherwise a release tag of the issuable's project.
 */
export function releaseCondition(milestoneColumn: string, projectColumn: string, value: string): Cond {
  const ms = sql.ref(milestoneColumn);
  const inAnyRelease = sql<boolean>`EXISTS (SELECT 1 FROM release_milestones rm WHERE rm.milestone_id = ${ms})`;
  if (value === 'None') return sql<boolean>`NOT ${inAnyRelease}`;
  if (value === 'Any') return inAnyRelease;
  return sql<boolean>`EXISTS (SELECT 1 FROM release_milestones rm JOIN releases r ON r.id = rm.release_id
    WHERE rm.milestone_id = ${ms} AND r.project_id = ${sql.ref(projectColumn)} AND r.tag_name = ${value})`;
}
