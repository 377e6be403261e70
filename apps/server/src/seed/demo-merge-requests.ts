import { insertAll } from '../db/insert-rows';
import { allocateIds } from './allocate-ids';
import type { DemoIssue } from './demo-issues';
import { SPAN } from './demo-planning';
import { issueTitle } from './demo-text';
import { type DemoContext, type DemoMilestone, type DemoOrg, labelsFor, pickLabels } from './demo-world';

export interface DemoMergeRequest {
  id: number;
  projectId: number;
  authorId: number;
  createdDay: number;
  reviewerIds: number[];
  merged: boolean;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50)
    .replace(/-$/, '');
}

export async function seedMergeRequests(
  ctx: DemoContext,
  org: DemoOrg,
  milestones: DemoMilestone[],
  issues: readonly DemoIssue[],
): Promise<DemoMergeRequest[]> {
  const { db, random, clock } = ctx;
  const total = org.projects.reduce((n, p) => n + p.mergeRequestCount, 0);
  const ids = await allocateIds(db, 'merge_requests', total);
  const result: DemoMergeRequest[] = [];
  const rows = [];
  const assignees = [];
  const reviewers = [];
  const approvals = [];
  const mrLabels = [];
  let next = 0;
  for (const project of org.projects) {
    const available = labelsFor(org, project.group.ancestorIds, project.id);
    const projectIssues = issues.filter((i) => i.projectId === project.id && !i.confidential);
    const projectMilestones = milestones.filter((m) => m.projectId === project.id);
    const created = Array.from({ length: project.mergeRequestCount }, () => random.int(-SPAN, -1) + random.next()).sort(
      (a, b) => a - b,
    );
    for (let i = 0; i < project.mergeRequestCount; i += 1) {
      const id = ids[next]!;
      next += 1;
      const iid = i + 1;
      const createdDay = created[i]!;
      const issue = random.chance(0.4) && projectIssues.length > 0 ? random.pick(projectIssues) : null;
      const title = issue
        ? `Resolve "${issue.title}"`.slice(0, 255)
        : issueTitle(random, project.area, random.pick(['feature', 'maintenance', 'bug'] as const));
      const description = issue
        ? ctx.render('Closes #{iid}\n\n## What does this MR do?\n\n{title}.', { iid: String(issue.iid), title })
        : ctx.render('## What does this MR do?\n\n{title}.', { title });
      const state = createdDay > -7 ? 'opened' : random.weighted({ merged: 55, closed: 15, opened: 30 });
      const authorId = random.pick(project.developers);
      const others = project.developers.filter((u) => u !== authorId);
      const reviewerIds = random.sample(others, random.int(1, 2));
      const age = -createdDay;
      const endDay = state === 'opened' ? null : Math.min(-0.01, createdDay + random.next() * Math.min(age, 20));
      const draft = state === 'opened' && random.chance(0.35);
      const milestone = random.chance(0.4) && projectMilestones.length > 0 ? random.pick(projectMilestones) : null;
      rows.push({
        id,
        project_id: project.id,
        iid,
        title: draft ? `Draft: ${title}`.slice(0, 255) : title,
        description: description.markdown,
        description_html: description.html,
        author_id: authorId,
        merge_user_id: state === 'merged' ? (reviewerIds[0] ?? authorId) : null,
        state,
        draft,
        source_branch: `${issue ? issue.iid : iid}-${slug(title)}`,
        target_branch: project.fullPath.endsWith('ios') && random.chance(0.2) ? 'release/2.x' : 'main',
        milestone_id: milestone?.id ?? null,
        environment_id: null,
        merged_at: state === 'merged' ? clock.at(endDay!) : null,
        closed_at: state === 'closed' ? clock.at(endDay!) : null,
        created_at: clock.at(createdDay),
        updated_at: clock.at(endDay ?? Math.min(-0.01, createdDay + random.next() * age)),
      });
      assignees.push({ merge_request_id: id, user_id: authorId });
      for (const userId of reviewerIds) {
        const reviewState =
          state === 'merged'
            ? 'approved'
            : random.pick(['unreviewed', 'reviewed', 'requested_changes', 'review_started']);
        reviewers.push({ merge_request_id: id, user_id: userId, state: reviewState });
        if (reviewState === 'approved')
          approvals.push({ merge_request_id: id, user_id: userId, created_at: clock.at(endDay ?? -1) });
      }
      for (const label of pickLabels(random, available, random.int(0, 2)))
        mrLabels.push({ merge_request_id: id, label_id: label.id });
      result.push({ id, projectId: project.id, authorId, createdDay, reviewerIds, merged: state === 'merged' });
    }
  }
  await insertAll(db, 'merge_requests', rows);
  await insertAll(db, 'merge_request_assignees', assignees);
  await insertAll(db, 'merge_request_reviewers', reviewers);
  await insertAll(db, 'approvals', approvals);
  await insertAll(db, 'merge_request_labels', mrLabels);
  ctx.log(`merge requests: ${rows.length} (${approvals.length} approvals)`);
  return result;
}

/** Environments for the deployable projects and a few releases tied to past project milestones. */
export async function seedReleasesAndEnvironments(
  ctx: DemoContext,
  org: DemoOrg,
  milestones: DemoMilestone[],
): Promise<void> {
  const { db, clock } = ctx;
  const byPath = new Map(org.projects.map((p) => [p.fullPath, p]));
  const envSpecs: [string, string, string, string][] = [
    ['acme/platform/backend/api', 'production', 'production', 'available'],
    ['acme/platform/backend/api', 'staging', 'staging', 'available'],
    ['acme/product/web-app', 'production', 'production', 'available'],
    ['acme/product/web-app', 'staging', 'staging', 'available'],
    ['acme/product/web-app', 'review/dark-mode', 'development', 'stopped'],
    ['acme/platform/backend/storage/blobstore', 'production', 'production', 'available'],
  ];
  await insertAll(
    db,
    'environments',
    envSpecs.map(([path, name, tier, state]) => ({
      project_id: byPath.get(path)!.id,
      name,
      slug: name.replace(/[^a-z0-9]+/g, '-'),
      state,
      tier,
      created_at: clock.at(-500),
      updated_at: clock.at(-3),
    })),
  );
  const authorId = org.users.get('bob')!;
  const releases: {
    milestoneId: number;
    row: {
      id: number;
      project_id: number;
      tag_name: string;
      name: string;
      description: string;
      author_id: number;
      released_at: Date;
      created_at: Date;
    };
  }[] = [];
  for (const path of ['acme/platform/backend/api', 'acme/product/mobile/ios', 'acme/product/mobile/android']) {
    const project = byPath.get(path)!;
    const past = milestones.filter((m) => m.projectId === project.id && m.dueDate < clock.today);
    past.forEach((m, i) => {
      const offset = Math.round((Date.parse(m.dueDate) - Date.parse(clock.today)) / 86_400_000);
      const at = clock.at(Math.min(-0.5, offset + 1));
      releases.push({
        milestoneId: m.id,
        row: {
          id: 0,
          project_id: project.id,
          tag_name: `v${path.endsWith('api') ? 4 : 2}.${i}.0`,
          name: `${path.split('/').pop()} ${path.endsWith('api') ? 4 : 2}.${i}`,
          description: `## Changes\n\n- Bug fixes and performance improvements.\n- See the milestone for the full list.`,
          author_id: authorId,
          released_at: at,
          created_at: at,
        },
      });
    });
  }
  const ids = await allocateIds(db, 'releases', releases.length);
  releases.forEach((r, i) => {
    r.row.id = ids[i]!;
  });
  await insertAll(
    db,
    'releases',
    releases.map((r) => r.row),
  );
  await insertAll(
    db,
    'release_milestones',
    releases.map((r) => ({ release_id: r.row.id, milestone_id: r.milestoneId })),
  );
  ctx.log(`environments: ${envSpecs.length}, releases: ${releases.length}`);
}
