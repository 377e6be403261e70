import { type EpicDateSource, inheritedEpicDates } from '@meridian/domain';
import { insertAll } from '../db/insert-rows';
import { AccessLevel } from '../policy/access-levels';
import { allocateIds } from './allocate-ids';
import { daysBetween } from './dates';
import { SPAN } from './demo-planning';
import { epicDescription, epicTitle } from './demo-text';
import { type DemoContext, type DemoEpic, type DemoMilestone, type DemoOrg, labelsFor, pickLabels } from './demo-world';

const perGroup: [path: string, count: number][] = [
  ['acme', 22],
  ['acme/platform', 28],
  ['acme/platform/backend', 26],
  ['acme/platform/backend/storage', 12],
  ['acme/product', 28],
  ['acme/product/mobile', 16],
  ['acme/security', 12],
  ['skunkworks', 6],
];
const palette = ['#1068bf', '#217645', '#c91c00', '#9e5400', '#694cc0'];

export interface EpicPlan {
  epics: DemoEpic[];
  /** The planned window of every epic (its fixed dates, when fixed). */
  windows: Map<number, { start: string; due: string }>;
  labels: Map<number, number[]>;
  colors: Map<number, string>;
  authors: Map<number, number>;
  descriptions: Map<number, string>;
}

/** Users who may read a group: members of it or of an ancestor (Reporter+ for confidential epics). */
export function groupReaders(org: DemoOrg, ancestorIds: readonly number[], minLevel = 10): number[] {
  return [...org.members.entries()]
    .filter(([, m]) => m.some(([groupId, level]) => ancestorIds.includes(groupId) && level >= minLevel))
    .map(([user]) => user)
    .sort((a, b) => a - b);
}

/** Builds ~150 epics in memory (ids reserved), nested up to 4 levels; inserted by insertEpics. */
export async function planEpics(ctx: DemoContext, org: DemoOrg): Promise<EpicPlan> {
  const { random, clock } = ctx;
  const total = perGroup.reduce((n, [, c]) => n + c, 0);
  const ids = await allocateIds(ctx.db, 'epics', total);
  const plan: EpicPlan = {
    epics: [],
    windows: new Map(),
    labels: new Map(),
    colors: new Map(),
    authors: new Map(),
    descriptions: new Map(),
  };
  let next = 0;
  for (const [path, count] of perGroup) {
    const group = org.groups.get(path)!;
    const readers = groupReaders(org, group.ancestorIds, AccessLevel.REPORTER);
    const available = labelsFor(org, group.ancestorIds, null);
    for (let i = 0; i < count; i += 1) {
      const candidates = plan.epics.filter((e) => e.depth < 4 && group.ancestorIds.includes(e.groupId));
      const isRoot = candidates.length === 0 || (i < count * 0.25 && random.chance(0.8));
      const parent = isRoot ? null : random.pick(candidates);
      const depth = parent ? parent.depth + 1 : 1;
      let start: number;
      let due: number;
      if (parent) {
        const w = plan.windows.get(parent.id)!;
        const ps = daysBetween(clock.today, w.start);
        const pd = daysBetween(clock.today, w.due);
        start = ps + random.int(0, Math.max(0, Math.floor((pd - ps) / 2)));
        due = Math.min(pd, start + random.int(14, Math.max(14, pd - start)));
        if (due <= start) due = start + 14;
      } else {
        start = random.int(-SPAN, SPAN - 120);
        due = Math.min(SPAN, start + random.int(60, 240));
      }
      const id = ids[next]!;
      next += 1;
      const title = epicTitle(random, group.area, depth);
      const confidential = parent?.confidential || random.chance(0.08);
      const createdOffset = Math.min(-1, Math.max(-SPAN - 20, start - random.int(10, 60)));
      const fixed = random.chance(0.8);
      plan.epics.push({
        id,
        groupId: group.id,
        iid: i + 1,
        depth,
        parentId: parent?.id ?? null,
        title,
        confidential,
        createdAt: clock.at(createdOffset + random.next()),
        startDateIsFixed: fixed,
        dueDateIsFixed: fixed,
        startDateFixed: fixed ? clock.day(start) : random.chance(0.5) ? clock.day(start) : null,
        dueDateFixed: fixed ? clock.day(due) : null,
      });
      plan.windows.set(id, { start: clock.day(start), due: clock.day(due) });
      plan.labels.set(
        id,
        pickLabels(random, available, random.int(0, 3)).map((l) => l.id),
      );
      plan.colors.set(id, random.chance(0.6) ? palette[0]! : random.pick(palette));
      plan.authors.set(id, random.pick(readers));
      plan.descriptions.set(id, random.chance(0.85) ? epicDescription(random) : '');
    }
  }
  return plan;
}

/**
 * Inserts the planned epics with consistent dates: effective = fixed when fixed, otherwise
 * inherited (GitLab's rule, via @meridian/domain) from child epics and the milestones of their issues.
 */
export async function insertEpics(
  ctx: DemoContext,
  plan: EpicPlan,
  issueMilestones: Map<number, DemoMilestone[]>,
): Promise<Map<number, { start: string | null; due: string | null }>> {
  const { db, random, clock } = ctx;
  const effective = new Map<number, { start: string | null; due: string | null }>();
  const children = new Map<number, DemoEpic[]>();
  for (const e of plan.epics) if (e.parentId) children.set(e.parentId, [...(children.get(e.parentId) ?? []), e]);
  const rows = [];
  const sourcing = new Map<number, ReturnType<typeof inheritedEpicDates>>();
  // Deepest first, so children's effective dates exist when a parent inherits from them.
  for (const epic of [...plan.epics].sort((a, b) => b.depth - a.depth)) {
    const milestoneSources: EpicDateSource[] = (issueMilestones.get(epic.id) ?? []).map((m) => ({
      id: m.id,
      startDate: m.startDate,
      dueDate: m.dueDate,
    }));
    const childSources: EpicDateSource[] = (children.get(epic.id) ?? []).map((c) => ({
      id: c.id,
      startDate: effective.get(c.id)!.start,
      dueDate: effective.get(c.id)!.due,
    }));
    const inherited = inheritedEpicDates(milestoneSources, childSources);
    sourcing.set(epic.id, inherited);
    effective.set(epic.id, {
      start: epic.startDateIsFixed ? epic.startDateFixed : inherited.startDate,
      due: epic.dueDateIsFixed ? epic.dueDateFixed : inherited.dueDate,
    });
  }
  const siblings = new Map<string, number>();
  for (const epic of plan.epics) {
    const inherited = sourcing.get(epic.id)!;
    const dates = effective.get(epic.id)!;
    const pastDue = dates.due !== null && dates.due < clock.day(-7);
    const closed = random.chance(pastDue ? 0.7 : 0.04);
    const siblingKey = String(epic.parentId ?? `g${epic.groupId}`);
    const position = siblings.get(siblingKey) ?? 0;
    siblings.set(siblingKey, position + 1);
    const description = ctx.render(plan.descriptions.get(epic.id)!, { title: epic.title });
    const createdDays = (epic.createdAt.getTime() - clock.at(0).getTime()) / 86_400_000;
    const dueDays = dates.due ? daysBetween(clock.today, dates.due) : -random.int(1, 60);
    const closedAt = closed ? clock.at(Math.min(-0.5, Math.max(createdDays + 1, dueDays + random.int(0, 10)))) : null;
    rows.push({
      id: epic.id,
      group_id: epic.groupId,
      iid: epic.iid,
      parent_id: epic.parentId,
      title: epic.title,
      description: description.markdown,
      description_html: description.html,
      author_id: plan.authors.get(epic.id)!,
      updated_by_id: plan.authors.get(epic.id)!,
      closed_by_id: closed ? plan.authors.get(epic.id)! : null,
      state: closed ? 'closed' : 'opened',
      confidential: epic.confidential,
      color: plan.colors.get(epic.id)!,
      start_date_is_fixed: epic.startDateIsFixed,
      start_date_fixed: epic.startDateFixed,
      start_date_sourcing_milestone_id: epic.startDateIsFixed ? null : inherited.startDateSourcingMilestoneId,
      start_date_sourcing_epic_id: epic.startDateIsFixed ? null : inherited.startDateSourcingEpicId,
      due_date_is_fixed: epic.dueDateIsFixed,
      due_date_fixed: epic.dueDateFixed,
      due_date_sourcing_milestone_id: epic.dueDateIsFixed ? null : inherited.dueDateSourcingMilestoneId,
      due_date_sourcing_epic_id: epic.dueDateIsFixed ? null : inherited.dueDateSourcingEpicId,
      start_date: dates.start,
      due_date: dates.due,
      relative_position: (position + 1) * 1024,
      lock_version: 0,
      closed_at: closedAt,
      created_at: epic.createdAt,
      updated_at: closedAt ?? clock.at(Math.max(createdDays, -random.int(1, 30))),
    });
  }
  // Parents before children (FK on parent_id).
  rows.sort((a, b) => depthOf(plan, a.id) - depthOf(plan, b.id));
  await insertAll(db, 'epics', rows);
  await insertAll(
    db,
    'epic_labels',
    plan.epics.flatMap((e) => plan.labels.get(e.id)!.map((labelId) => ({ epic_id: e.id, label_id: labelId }))),
  );
  await insertEpicLinks(ctx, plan);
  ctx.log(`epics: ${rows.length}`);
  return effective;
}

function depthOf(plan: EpicPlan, id: number): number {
  return plan.epics.find((e) => e.id === id)!.depth;
}

async function insertEpicLinks(ctx: DemoContext, plan: EpicPlan): Promise<void> {
  const { random, clock } = ctx;
  const seen = new Set<string>();
  const rows = [];
  const candidates = plan.epics.filter((e) => !e.confidential);
  while (rows.length < 18) {
    const [a, b] = random.sample(candidates, 2);
    if (!a || !b) break;
    const key = a.id < b.id ? `${a.id}-${b.id}` : `${b.id}-${a.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // The earlier epic blocks the later one.
    const [source, target] = plan.windows.get(a.id)!.start <= plan.windows.get(b.id)!.start ? [a, b] : [b, a];
    rows.push({
      source_id: source.id,
      target_id: target.id,
      link_type: rows.length < 12 ? 'blocks' : 'relates_to',
      created_at: clock.at(-random.int(1, 200)),
    });
  }
  await insertAll(ctx.db, 'epic_links', rows);
}
