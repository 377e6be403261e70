import { sql } from 'kysely';
import type { Database } from '../db/connection';
import type { Bundle } from './authz-bundles';
import { type Space, type Vis, visibilities } from './authz-principals';

/** What the authorization matrix checks after a denied write: that nothing changed, nothing was left. */

/** Everything a bundle holds, as the database has it, as one string. */
export async function snapshotBundle(db: Database, b: Bundle): Promise<string> {
  const issueIds = [b.issue.id, b.issue2.id, b.issue3.id];
  const epicIds = [b.epic.id, b.epic2.id, b.epic3.id, b.epic4.id];
  const labelIds = [b.projectLabel.id, b.groupLabel.id];
  const result = await sql<{ state: unknown }>`SELECT json_build_object(
    'issues', (SELECT json_agg(x ORDER BY x.id) FROM issues x WHERE x.id = ANY(${issueIds})),
    'assignees', (SELECT json_agg(x ORDER BY x.issue_id, x.user_id) FROM issue_assignees x WHERE x.issue_id = ANY(${issueIds})),
    'issue_links', (SELECT json_agg(x ORDER BY x.id) FROM issue_links x WHERE x.source_id = ANY(${issueIds}) OR x.target_id = ANY(${issueIds})),
    'epics', (SELECT json_agg(x ORDER BY x.id) FROM epics x WHERE x.id = ANY(${epicIds}) OR x.parent_id = ANY(${epicIds})),
    'epic_issues', (SELECT json_agg(x ORDER BY x.id) FROM epic_issues x WHERE x.epic_id = ANY(${epicIds}) OR x.issue_id = ANY(${issueIds})),
    'epic_links', (SELECT json_agg(x ORDER BY x.id) FROM epic_links x WHERE x.source_id = ANY(${epicIds}) OR x.target_id = ANY(${epicIds})),
    'notes', (SELECT json_agg(x ORDER BY x.id) FROM notes x WHERE (x.noteable_type = 'Issue' AND x.noteable_id = ANY(${issueIds})) OR (x.noteable_type = 'Epic' AND x.noteable_id = ANY(${epicIds}))),
    'awards', (SELECT json_agg(x ORDER BY x.id) FROM award_emoji x WHERE (x.awardable_type = 'Issue' AND x.awardable_id = ANY(${issueIds})) OR (x.awardable_type = 'Epic' AND x.awardable_id = ANY(${epicIds})) OR (x.awardable_type = 'Note' AND x.awardable_id = ANY(${[b.issueNote.id, b.epicNote.id]}))),
    'labels', (SELECT json_agg(x ORDER BY x.id) FROM labels x WHERE x.id = ANY(${labelIds}) OR x.title = ANY(${[b.projectLabel.title]})),
    'subscriptions', (SELECT json_agg(x ORDER BY x.id) FROM subscriptions x WHERE x.subscribable_type = 'Label' AND x.subscribable_id = ANY(${labelIds})),
    'milestones', (SELECT json_agg(x ORDER BY x.id) FROM milestones x WHERE x.id = ANY(${[b.projectMilestone.id, b.groupMilestone.id]}))
  ) AS state`.execute(db);
  return JSON.stringify(result.rows[0]?.state);
}

/** Whether any issue, epic, note, label or milestone of the write spaces carries a marker. */
export function markerFinder(db: Database, writeSpaces: Record<Vis, Space>): (marker: string) => Promise<boolean> {
  const writeProjects = visibilities.map((v) => writeSpaces[v].project.id);
  const writeGroups = visibilities.map((v) => writeSpaces[v].group.id);
  async function markerExists(marker: string): Promise<boolean> {
    const like = `%${marker}%`;
    const result = await sql<{ found: boolean }>`SELECT (
      EXISTS (SELECT 1 FROM issues WHERE project_id = ANY(${writeProjects}) AND title LIKE ${like}) OR
      EXISTS (SELECT 1 FROM epics WHERE group_id = ANY(${writeGroups}) AND title LIKE ${like}) OR
      EXISTS (SELECT 1 FROM notes WHERE (project_id = ANY(${writeProjects}) OR group_id = ANY(${writeGroups})) AND note LIKE ${like}) OR
      EXISTS (SELECT 1 FROM labels WHERE (project_id = ANY(${writeProjects}) OR group_id = ANY(${writeGroups})) AND title LIKE ${like}) OR
      EXISTS (SELECT 1 FROM milestones WHERE (project_id = ANY(${writeProjects}) OR group_id = ANY(${writeGroups})) AND title LIKE ${like})
    ) AS found`.execute(db);
    return result.rows[0]?.found === true;
  }
  return markerExists;
}
