import { sql } from 'kysely';
import { fullPathOf } from '../namespaces';
import type { ArchiveRecords } from './archive-records';
import { type ExportScope, groupedBy, iso, isoOrNull, mention, pathOf, queryPages } from './export-scope';

type IssueRef = { project_path: string; iid: number };

/** Issues of every kind (issues, tasks, incidents…), each page's assignees and labels in one statement each. */
export async function* issueRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['issues']> {
  const { db } = scope;
  for await (const rows of queryPages(
    db
      .selectFrom('issues as i')
      .leftJoin('users as a', 'a.id', 'i.author_id')
      .leftJoin('users as c', 'c.id', 'i.closed_by_id')
      .leftJoin('milestones as m', 'm.id', 'i.milestone_id')
      .leftJoin('namespaces as mg', 'mg.id', 'm.group_id')
      .leftJoin('iterations as it', 'it.id', 'i.iteration_id')
      .leftJoin('namespaces as ig', 'ig.id', 'it.group_id')
      .selectAll('i')
      .select([
        'a.username as author_username',
        'c.username as closed_by_username',
        'm.iid as milestone_iid',
        'm.title as milestone_title',
        'm.project_id as milestone_project_id',
        fullPathOf('mg.traversal_ids').as('milestone_group_path'),
        'it.iid as iteration_iid',
        fullPathOf('ig.traversal_ids').as('iteration_group_path'),
      ])
      .where(sql<boolean>`i.project_id IN (${scope.projectIds})`),
    'i.id',
  )) {
    const ids = rows.map((r) => r.id);
    const [assignees, labels] = await Promise.all([
      db
        .selectFrom('issue_assignees as ia')
        .innerJoin('users as u', 'u.id', 'ia.user_id')
        .select(['ia.issue_id', 'u.id', 'u.username'])
        .where('ia.issue_id', 'in', ids)
        .orderBy('u.username')
        .execute(),
      db
        .selectFrom('issue_labels as il')
        .innerJoin('labels as l', 'l.id', 'il.label_id')
        .select(['il.issue_id', 'l.title'])
        .where('il.issue_id', 'in', ids)
        .orderBy('l.title')
        .execute(),
    ]);
    const assigneesOf = groupedBy(
      assignees,
      (a) => a.issue_id,
      (a) => mention(scope, a.id, a.username) ?? '',
    );
    const labelsOf = groupedBy(
      labels,
      (l) => l.issue_id,
      (l) => l.title,
    );
    for (const i of rows) {
      yield {
        project_path: pathOf(scope.projectPaths, i.project_id) ?? '',
        iid: i.iid,
        issue_type: i.issue_type,
        title: i.title,
        description: i.description,
        state: i.state === 'closed' ? 'closed' : 'opened',
        confidential: i.confidential,
        discussion_locked: i.discussion_locked,
        weight: i.weight,
        health_status: i.health_status,
        severity: i.severity,
        escalation_status: i.escalation_status,
        due_date: i.due_date,
        start_date: i.start_date,
        time_estimate: i.time_estimate,
        relative_position: i.relative_position,
        author: mention(scope, i.author_id, i.author_username),
        closed_by: mention(scope, i.closed_by_id, i.closed_by_username),
        assignees: assigneesOf.get(i.id) ?? [],
        labels: labelsOf.get(i.id) ?? [],
        milestone:
          i.milestone_iid === null
            ? null
            : {
                group_path: i.milestone_group_path,
                project_path: pathOf(scope.projectPaths, i.milestone_project_id),
                iid: i.milestone_iid,
                title: i.milestone_title ?? '',
              },
        iteration: i.iteration_iid === null ? null : { group_path: i.iteration_group_path ?? '', iid: i.iteration_iid },
        created_at: iso(i.created_at),
        updated_at: iso(i.updated_at),
        closed_at: isoOrNull(i.closed_at),
      };
    }
  }
}

/** `issues i` of the scope's projects, as `{project_path, iid}`. */
const ref = (scope: ExportScope, projectId: number, iid: number): IssueRef => ({
  project_path: pathOf(scope.projectPaths, projectId) ?? '',
  iid,
});

/** Task and other work item hierarchy links between two issues of the group. */
export async function* workItemParentLinkRecords(
  scope: ExportScope,
): AsyncGenerator<ArchiveRecords['work_item_parent_links']> {
  for await (const rows of queryPages(
    scope.db
      .selectFrom('work_item_parent_links as w')
      .innerJoin('issues as p', 'p.id', 'w.parent_issue_id')
      .innerJoin('issues as c', 'c.id', 'w.child_issue_id')
      .select([
        'w.id',
        'w.relative_position',
        'w.created_at',
        'p.project_id as parent_project_id',
        'p.iid as parent_iid',
        'c.project_id as child_project_id',
        'c.iid as child_iid',
      ])
      .where(sql<boolean>`p.project_id IN (${scope.projectIds}) AND c.project_id IN (${scope.projectIds})`),
    'w.id',
  )) {
    for (const w of rows) {
      yield {
        parent: ref(scope, w.parent_project_id, w.parent_iid),
        child: ref(scope, w.child_project_id, w.child_iid),
        relative_position: w.relative_position,
        created_at: iso(w.created_at),
      };
    }
  }
}

export async function* timelogRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['timelogs']> {
  for await (const rows of queryPages(
    scope.db
      .selectFrom('timelogs as t')
      .innerJoin('issues as i', 'i.id', 't.issue_id')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.user_id',
        'u.username',
        't.time_spent',
        't.summary',
        't.spent_at',
        't.created_at',
        'i.project_id',
        'i.iid',
      ])
      .where(sql<boolean>`i.project_id IN (${scope.projectIds})`),
    't.id',
  )) {
    for (const t of rows) {
      yield {
        issue: ref(scope, t.project_id, t.iid),
        user: mention(scope, t.user_id, t.username),
        time_spent: t.time_spent,
        summary: t.summary,
        spent_at: iso(t.spent_at),
        created_at: iso(t.created_at),
      };
    }
  }
}

/** Related and blocking links between two issues of the group (links leaving it are not exported). */
export async function* issueLinkRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['issue_links']> {
  for await (const rows of queryPages(
    scope.db
      .selectFrom('issue_links as l')
      .innerJoin('issues as s', 's.id', 'l.source_id')
      .innerJoin('issues as t', 't.id', 'l.target_id')
      .select([
        'l.id',
        'l.link_type',
        'l.created_at',
        'l.updated_at',
        's.project_id as source_project_id',
        's.iid as source_iid',
        't.project_id as target_project_id',
        't.iid as target_iid',
      ])
      .where(sql<boolean>`s.project_id IN (${scope.projectIds}) AND t.project_id IN (${scope.projectIds})`),
    'l.id',
  )) {
    for (const l of rows) {
      yield {
        source: ref(scope, l.source_project_id, l.source_iid),
        target: ref(scope, l.target_project_id, l.target_iid),
        link_type: l.link_type === 'blocks' ? 'blocks' : 'relates_to',
        created_at: iso(l.created_at),
        updated_at: iso(l.updated_at),
      };
    }
  }
}
