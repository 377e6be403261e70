import { insertAll } from '../db/insert-rows';
import { allocateIds } from './allocate-ids';
import type { EpicPlan } from './demo-epics';
import { SPAN } from './demo-planning';
import { type IssueKind, issueDescription, issueTitle } from './demo-text';
import {
  type DemoContext,
  type DemoIteration,
  type DemoMilestone,
  type DemoOrg,
  labelsFor,
  pickLabels,
} from './demo-world';

export interface DemoIssue {
  id: number;
  projectId: number;
  iid: number;
  title: string;
  authorId: number;
  createdDay: number;
  closedDay: number | null;
  labelIds: number[];
  assigneeIds: number[];
  milestoneId: number | null;
  confidential: boolean;
}

const kinds: Record<IssueKind, number> = { bug: 35, feature: 35, maintenance: 15, incident: 7, task: 8 };
const weights = [0, 1, 1, 2, 2, 3, 3, 5, 5, 8];

export async function seedIssues(
  ctx: DemoContext,
  org: DemoOrg,
  milestones: DemoMilestone[],
  iterations: DemoIteration[],
  epics: EpicPlan,
): Promise<{ issues: DemoIssue[]; epicMilestones: Map<number, DemoMilestone[]>; epicIssues: EpicIssueRow[] }> {
  const { db, random, clock } = ctx;
  const total = org.projects.reduce((n, p) => n + p.issueCount, 0);
  const ids = await allocateIds(db, 'issues', total);
  const issues: DemoIssue[] = [];
  const rows = [];
  const assignees = [];
  const issueLabels = [];
  const epicIssues: EpicIssueRow[] = [];
  const epicMilestones = new Map<number, DemoMilestone[]>();
  const milestoneById = new Map(milestones.map((m) => [m.id, m]));
  let next = 0;
  for (const project of org.projects) {
    const available = labelsFor(org, project.group.ancestorIds, project.id);
    const typeLabels = new Map(available.filter((l) => l.title.startsWith('type::')).map((l) => [l.title.slice(6), l]));
    const otherLabels = available.filter((l) => !l.title.startsWith('type::'));
    const projectMilestones = milestones.filter(
      (m) => m.projectId === project.id || (m.groupId !== null && project.group.ancestorIds.includes(m.groupId)),
    );
    const projectIterations = iterations.filter((it) => project.group.ancestorIds.includes(it.groupId));
    const projectEpics = epics.epics.filter((e) => project.group.ancestorIds.includes(e.groupId));
    const created = Array.from({ length: project.issueCount }, () => random.int(-SPAN, -1) + random.next()).sort(
      (a, b) => a - b,
    );
    for (let i = 0; i < project.issueCount; i += 1) {
      const id = ids[next]!;
      next += 1;
      const createdDay = created[i]!;
      const kind = random.weighted(kinds);
      const title = issueTitle(random, project.area, kind);
      const description = ctx.render(issueDescription(random, kind), { title });
      const age = -createdDay;
      const closed = random.chance(0.08 + 0.75 * (age / SPAN));
      const closedDay = closed ? Math.min(-0.01, createdDay + random.next() * age) : null;
      const confidential = random.chance(project.fullPath.endsWith('audit') ? 0.25 : 0.04);
      const authorId = random.pick(project.members);
      const assigneeCount = random.weighted({ none: 25, one: 60, two: 15 });
      const assigneeIds = random.sample(
        project.developers,
        assigneeCount === 'none' ? 0 : assigneeCount === 'one' ? 1 : 2,
      );
      const labels = pickLabels(random, otherLabels, random.int(0, 3));
      const typeLabel = typeLabels.get(kind === 'incident' ? 'bug' : kind === 'task' ? 'maintenance' : kind);
      if (typeLabel && random.chance(0.8)) labels.unshift(typeLabel);
      const createdDate = clock.day(createdDay);
      const upcoming = projectMilestones.filter((m) => m.dueDate >= createdDate).slice(0, 4);
      const milestone = random.chance(0.55) && upcoming.length > 0 ? random.pick(upcoming) : null;
      const iterationDate = clock.day(createdDay + random.int(0, 30));
      const iteration =
        random.chance(0.45) && projectIterations.length > 0
          ? (projectIterations.find((it) => it.startDate <= iterationDate && it.dueDate >= iterationDate) ?? null)
          : null;
      const updatedDay = closedDay ?? Math.min(-0.01, createdDay + random.next() * age);
      issues.push({
        id,
        projectId: project.id,
        iid: i + 1,
        title,
        authorId,
        createdDay,
        closedDay,
        labelIds: labels.map((l) => l.id),
        assigneeIds,
        milestoneId: milestone?.id ?? null,
        confidential,
      });
      rows.push({
        id,
        project_id: project.id,
        iid: i + 1,
        issue_type: kind === 'incident' ? 'incident' : kind === 'task' ? 'task' : 'issue',
        title,
        description: description.markdown,
        description_html: description.html,
        author_id: authorId,
        updated_by_id: authorId,
        closed_by_id: closed ? (assigneeIds[0] ?? authorId) : null,
        state: closed ? 'closed' : 'opened',
        confidential,
        weight: random.chance(0.7) ? random.pick(weights) : null,
        health_status:
          !closed && random.chance(0.35) ? random.weighted({ on_track: 5, needs_attention: 3, at_risk: 2 }) : null,
        due_date: random.chance(0.35) ? clock.day(createdDay + random.int(7, 120)) : null,
        milestone_id: milestone?.id ?? null,
        iteration_id: iteration?.id ?? null,
        relative_position: (i - project.issueCount / 2) * 512,
        closed_at: closedDay === null ? null : clock.at(closedDay),
        created_at: clock.at(createdDay),
        updated_at: clock.at(updatedDay),
      });
      for (const userId of assigneeIds) assignees.push({ issue_id: id, user_id: userId });
      for (const label of labels) issueLabels.push({ issue_id: id, label_id: label.id });
      // Confidential epics only take confidential issues (GitLab's rule).
      const epicCandidates = projectEpics.filter((e) => confidential || !e.confidential);
      if (random.chance(0.2) && epicCandidates.length > 0) {
        const epic = random.pick(epicCandidates);
        epicIssues.push({
          epic_id: epic.id,
          issue_id: id,
          relative_position: epicIssues.length * 256,
          created_at: clock.at(updatedDay),
        });
        if (milestone)
          epicMilestones.set(epic.id, [...(epicMilestones.get(epic.id) ?? []), milestoneById.get(milestone.id)!]);
      }
    }
  }
  await insertAll(db, 'issues', rows);
  await insertAll(db, 'issue_assignees', assignees);
  await insertAll(db, 'issue_labels', issueLabels);
  ctx.log(`issues: ${rows.length} (${assignees.length} assignments, ${issueLabels.length} labels)`);
  return { issues, epicMilestones, epicIssues };
}

export type EpicIssueRow = { epic_id: number; issue_id: number; relative_position: number; created_at: Date };

/** relates_to and blocks links, mostly within a project; never the same pair twice (either direction). */
export async function seedIssueLinks(ctx: DemoContext, issues: readonly DemoIssue[]): Promise<void> {
  const { random, clock } = ctx;
  const byProject = new Map<number, DemoIssue[]>();
  for (const issue of issues) byProject.set(issue.projectId, [...(byProject.get(issue.projectId) ?? []), issue]);
  const seen = new Set<string>();
  const rows = [];
  for (const list of byProject.values()) {
    const count = Math.round(list.length * 0.2);
    for (let n = 0; n < count; n += 1) {
      const [a, b] = random.sample(list, 2);
      if (!a || !b) break;
      const key = a.id < b.id ? `${a.id}-${b.id}` : `${b.id}-${a.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const createdDay = Math.min(-0.01, Math.max(a.createdDay, b.createdDay) + random.next() * 5);
      rows.push({
        source_id: a.id,
        target_id: b.id,
        link_type: random.chance(0.25) ? 'blocks' : 'relates_to',
        created_at: clock.at(createdDay),
        updated_at: clock.at(createdDay),
      });
    }
  }
  await insertAll(ctx.db, 'issue_links', rows);
  ctx.log(`issue links: ${rows.length}`);
}
