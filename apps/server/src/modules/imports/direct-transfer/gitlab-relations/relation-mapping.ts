import type { z } from 'zod';
import type { ArchiveRecords } from '../../../group-transfer';
import { each, historyOf, item, labelTitles, type MapContext, type Mapped } from './relation-history';
import {
  type GlCadence,
  type GlEpic,
  type GlIssue,
  type GlLabel,
  type GlMember,
  type GlMilestone,
  type GlSelf,
  glAssignee,
  glIteration,
  glLabelLink,
  glTimelog,
} from './relation-lines';
import { iterationName } from './resource-event-notes';

export type { MapContext, Mapped } from './relation-history';

/**
 * GitLab's relation lines as Meridian's archive records (archive-records.ts), which the archive
 * importer's writers then write: pure functions of a line and the conversion's context
 * (relation-history.ts holds what issues and epics share: notes, emoji, events, label links).
 */

type Owner = { group_path: string | null; project_path: string | null };
/** GitLab's work item base types Meridian's issues table holds; the others (requirement, test case, ticket) become issues. */
const ISSUE_TYPES = new Set(['issue', 'incident', 'task', 'objective', 'key_result']);
const HEALTH = new Set(['on_track', 'needs_attention', 'at_risk']);
const dayOf = (timestamp: string) => timestamp.slice(0, 10);
export function mapMember(
  line: GlMember,
  source: { type: 'Namespace' | 'Project'; path: string },
): { user: ArchiveRecords['users']; member: ArchiveRecords['members'] } {
  const email = line.user.public_email ?? line.user.email ?? '';
  const user = { username: line.user.username, email, name: line.user.name ?? line.user.username, state: 'active' };
  return {
    user,
    member: {
      source_type: source.type,
      source_path: source.path,
      access_level: line.access_level,
      expires_at: line.expires_at ?? null,
      created_at: line.created_at,
      user: { username: user.username, email, name: user.name },
    },
  };
}

/** A group as the REST listing names it, with what its `self` relation adds. */
export interface GroupNode {
  full_path: string;
  path: string;
  name: string;
  parent_path: string | null;
  description?: string | null;
  visibility_level?: number;
  created_at?: string | null;
}

/** What a group and a project take alike from their `self` line, else from the REST listing. */
function namespaceFields(self: GlSelf | null, node: GroupNode | ProjectNode, now: string) {
  const created = self?.created_at ?? node.created_at ?? now;
  return {
    full_path: node.full_path,
    path: node.path,
    name: node.name,
    visibility_level: self?.visibility_level ?? node.visibility_level ?? 0,
    created_at: created,
    updated_at: self?.updated_at ?? created,
  };
}

export function mapGroup(self: GlSelf | null, node: GroupNode, now: string): ArchiveRecords['groups'] {
  return {
    ...namespaceFields(self, node, now),
    description: (self?.description ?? node.description ?? '').slice(0, 2048),
    parent_path: node.parent_path,
  };
}

export interface ProjectNode {
  full_path: string;
  path: string;
  name: string;
  namespace_path: string;
  visibility_level?: number;
  created_at?: string | null;
}

export function mapProject(self: GlSelf | null, node: ProjectNode, now: string): ArchiveRecords['projects'] {
  return {
    ...namespaceFields(self, node, now),
    namespace_path: node.namespace_path,
    description: self?.description ?? '',
    archived: self?.archived ?? false,
    issues_enabled: self?.issues_enabled ?? true,
  };
}

export function mapLabel(line: GlLabel, owner: Owner): ArchiveRecords['labels'] {
  return {
    ...owner,
    title: line.title,
    color: line.color ?? '#6699cc',
    text_color: line.textColor ?? '#FFFFFF',
    description: line.description ?? '',
    priority: line.priorities?.[0]?.priority ?? null,
    created_at: line.created_at,
    updated_at: line.updated_at,
  };
}

/**
 * The group labels an issue's line links to, as labels of its project: for a project imported alone
 * (`project_entity`), whose groups' labels are not imported — GitLab's own import makes a project
 * label of a label it does not find. Labels the project has (`known`) are left out.
 */
export function linkedGroupLabels(
  line: GlIssue,
  projectPath: string,
  known: ReadonlySet<string>,
): ArchiveRecords['labels'][] {
  const out = new Map<string, ArchiveRecords['labels']>();
  for (const { label } of each(glLabelLink, line.label_links, 'label link', [])) {
    if (label.type === 'ProjectLabel' || known.has(label.title) || out.has(label.title)) continue;
    const created = label.created_at ?? line.created_at;
    out.set(label.title, {
      group_path: null,
      project_path: projectPath,
      title: label.title,
      color: label.color ?? '#6699cc',
      text_color: '#FFFFFF',
      description: label.description ?? '',
      priority: null,
      created_at: created,
      updated_at: label.updated_at ?? created,
    });
  }
  return [...out.values()];
}

export function mapMilestone(line: GlMilestone, owner: Owner): ArchiveRecords['milestones'] {
  return {
    ...owner,
    iid: line.iid,
    title: line.title,
    description: line.description ?? '',
    state: line.state,
    start_date: line.start_date ?? null,
    due_date: line.due_date ?? null,
    created_at: line.created_at,
    updated_at: line.updated_at,
  };
}

/** A cadence and its iterations (GitLab nests them; the archive refers to the cadence by its own key). */
export function mapCadence(line: GlCadence, groupPath: string, cadenceId: number): Mapped {
  const skips: string[] = [];
  const iterations = each(glIteration, line.iterations, 'iteration', skips);
  return {
    skips,
    items: [
      item('iterations_cadences', {
        id: cadenceId,
        group_path: groupPath,
        title: line.title,
        description: line.description ?? '',
        automatic: line.automatic ?? false,
        active: line.active ?? true,
        roll_over: line.roll_over ?? false,
        start_date: line.start_date ?? null,
        duration_in_weeks: line.duration_in_weeks ?? null,
        iterations_in_advance: line.iterations_in_advance ?? null,
        created_at: line.created_at,
        updated_at: line.updated_at,
      }),
      ...[...iterations]
        .sort((a, b) => a.start_date.localeCompare(b.start_date))
        .map((it, index) =>
          item('iterations', {
            group_path: groupPath,
            iid: it.iid,
            iterations_cadence_id: cadenceId,
            sequence: index + 1,
            title: it.title ?? null,
            description: it.description ?? '',
            start_date: it.start_date,
            due_date: it.due_date,
            created_at: it.created_at,
            updated_at: it.updated_at,
          }),
        ),
    ],
  };
}

/**
 * A source before GitLab 15.4 exports its iterations without cadences (the group's `iterations`
 * relation): they come in under one cadence made for them, `Iterations`, as GitLab's own migration
 * to cadences did, dated from the earliest iteration.
 */
export function legacyCadence(iterations: z.infer<typeof glIteration>[]): GlCadence {
  const first = (values: string[]) => [...values].sort()[0];
  const last = (values: string[]) => [...values].sort().at(-1);
  const created = first(iterations.map((i) => i.created_at)) ?? '1970-01-01T00:00:00.000Z';
  return {
    title: 'Iterations',
    description: null,
    automatic: false,
    active: true,
    roll_over: false,
    start_date: first(iterations.map((i) => i.start_date)) ?? null,
    duration_in_weeks: null,
    iterations_in_advance: null,
    created_at: created,
    updated_at: last(iterations.map((i) => i.updated_at)) ?? created,
    iterations,
  };
}

/** What an issue and an epic take alike from their line (its `commons` in relation-lines.ts). */
function issuableFields(line: GlIssue | GlEpic, ctx: MapContext, skips: string[]) {
  const closed = line.state === 'closed';
  return {
    title: line.title,
    description: line.description ?? '',
    state: line.state,
    confidential: line.confidential ?? false,
    author: ctx.user(line.author_id),
    closed_by: closed ? ctx.user(line.closed_by_id) : null,
    relative_position: line.relative_position ?? null,
    labels: labelTitles(line, skips),
    created_at: line.created_at,
    updated_at: line.updated_at,
    closed_at: closed ? (line.closed_at ?? line.updated_at) : null,
  };
}

export function mapEpic(line: GlEpic, groupPath: string, ctx: MapContext): Mapped {
  const skips: string[] = [];
  const ref = { group_path: groupPath, iid: line.iid };
  const parentPath = line.parent ? (ctx.groupPath(line.parent.group_id) ?? groupPath) : null;
  const epic = item('epics', {
    ...ref,
    ...issuableFields(line, ctx, skips),
    color: line.color ?? '#1068bf',
    start_date_is_fixed: line.start_date_is_fixed ?? false,
    start_date_fixed: line.start_date_fixed ?? null,
    due_date_is_fixed: line.due_date_is_fixed ?? false,
    due_date_fixed: line.due_date_fixed ?? null,
    start_date: line.start_date ?? null,
    end_date: line.end_date ?? null,
    parent: line.parent && parentPath ? { group_path: parentPath, iid: line.parent.iid } : null,
  });
  return { items: [epic, ...historyOf(line, { type: 'Epic', ref }, ctx, skips)], skips };
}

export function mapIssue(line: GlIssue, projectPath: string, ctx: MapContext): Mapped {
  const skips: string[] = [];
  const ref = { project_path: projectPath, iid: line.iid };
  // GitLab 16+ exports the type as `work_item_type.base_type`; older sources only as `issue_type`.
  const type = line.work_item_type?.base_type ?? line.issue_type ?? 'issue';
  if (!ISSUE_TYPES.has(type)) skips.push(`work item type ${type}: imported as an issue`);
  // GitLab's export has no work item hierarchy (a task's parent issue): the task comes without one.
  if (type === 'task') skips.push('task: GitLab does not export its parent issue; imported without one');
  // Nor an incident's severity (issuable_severity) or escalation status (excluded from the export).
  if (type === 'incident')
    skips.push('incident: GitLab does not export its severity or escalation status; imported as unknown and triggered');
  const iteration = line.iteration;
  const iterationGroup = iteration ? ctx.groupPath(iteration.group_id) : undefined;
  if (iteration && !iterationGroup) skips.push(`iteration ${iterationName(iteration)}: its group is not imported`);
  const milestone = line.milestone;
  const milestoneGroup = milestone?.group_id ? ctx.groupPath(milestone.group_id) : undefined;
  if (milestone?.group_id && !milestoneGroup) skips.push(`milestone ${milestone.title}: its group is not imported`);
  const assignees = each(glAssignee, line.issue_assignees, 'assignee', skips).flatMap((a) => ctx.user(a.user_id) ?? []);
  const issue = item('issues', {
    ...ref,
    ...issuableFields(line, ctx, skips),
    issue_type: ISSUE_TYPES.has(type) ? type : 'issue',
    discussion_locked: line.discussion_locked ?? false,
    weight: line.weight ?? null,
    health_status: line.health_status && HEALTH.has(line.health_status) ? line.health_status : null,
    severity: 'unknown',
    escalation_status: 'triggered',
    due_date: line.due_date ?? null,
    start_date: line.start_date ?? null,
    time_estimate: line.time_estimate ?? 0,
    assignees: [...new Set(assignees)],
    milestone:
      milestone && (milestoneGroup || !milestone.group_id)
        ? {
            group_path: milestoneGroup ?? null,
            project_path: milestoneGroup ? null : projectPath,
            iid: milestone.iid,
            title: milestone.title,
          }
        : null,
    iteration: iteration && iterationGroup ? { group_path: iterationGroup, iid: iteration.iid } : null,
  });
  const timelogs = each(glTimelog, line.timelogs, 'time log', skips).map((t) =>
    item('timelogs', {
      issue: ref,
      user: ctx.user(t.user_id),
      time_spent: t.time_spent,
      summary: t.summary ?? '',
      spent_at: t.spent_at ?? `${dayOf(t.created_at)}T00:00:00.000Z`,
      created_at: t.created_at,
    }),
  );
  const link = line.epic_issue;
  const epicGroup = link ? ctx.groupPath(link.epic.group_id) : undefined;
  if (link && !epicGroup) skips.push(`epic &${link.epic.iid}: its group is not imported`);
  const epicIssue =
    link && epicGroup
      ? [
          item('epic_issues', {
            epic: { group_path: epicGroup, iid: link.epic.iid },
            issue: ref,
            relative_position: link.relative_position ?? null,
            created_at: link.created_at ?? line.created_at,
          }),
        ]
      : [];
  return {
    items: [issue, ...timelogs, ...epicIssue, ...historyOf(line, { type: 'Issue', ref }, ctx, skips)],
    skips,
  };
}
