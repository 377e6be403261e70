import { addDays } from '@meridian/domain';
import { insertAll } from '../db/insert-rows';
import { allocateIds } from './allocate-ids';
import { daysBetween } from './dates';
import type { DemoContext, DemoIteration, DemoMilestone, DemoOrg } from './demo-world';

/** The demo spans 18 months either side of today (in days). */
export const SPAN = 540;

interface MilestoneSpec {
  groupPath: string | null;
  projectPath: string | null;
  title: string;
  description: string;
  startDate: string;
  dueDate: string;
}

function quarterStart(day: string): Date {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1));
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addMonths(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
}

function milestoneSpecs(ctx: DemoContext): MilestoneSpec[] {
  const { clock } = ctx;
  const specs: MilestoneSpec[] = [];
  // Acme: calendar quarters over the whole span.
  const first = quarterStart(clock.day(-SPAN));
  for (let q = first; iso(q) <= clock.day(SPAN); q = addMonths(q, 3)) {
    specs.push({
      groupPath: 'acme',
      projectPath: null,
      title: `${q.getUTCFullYear()} Q${Math.floor(q.getUTCMonth() / 3) + 1}`,
      description: 'Company-wide quarterly planning milestone.',
      startDate: iso(q),
      dueDate: addDays(iso(addMonths(q, 3)), -1),
    });
  }
  // Product: a release every two months.
  let release = 10;
  for (let start = clock.day(-SPAN); start <= clock.day(SPAN); start = addDays(start, 61), release += 1) {
    specs.push({
      groupPath: 'acme/product',
      projectPath: null,
      title: `Release ${Math.floor(release / 10)}.${release % 10}`,
      description: 'Product release train.',
      startDate: start,
      dueDate: addDays(start, 60),
    });
  }
  // Per-project version milestones every 3 months.
  const projectTrains: [string, string, number][] = [
    ['acme/platform/backend/api', 'API v4', 0],
    ['acme/product/mobile/ios', 'iOS 2', 0],
    ['acme/product/mobile/android', 'Android 2', 0],
    ['acme/platform/backend/storage/blobstore', 'Blobstore 1', 0],
  ];
  for (const [projectPath, prefix] of projectTrains) {
    let minor = 0;
    for (let start = clock.day(-SPAN + 15); start <= clock.day(SPAN); start = addDays(start, 91), minor += 1) {
      specs.push({
        groupPath: null,
        projectPath,
        title: `${prefix}.${minor}`,
        description: `Version ${prefix}.${minor}.`,
        startDate: start,
        dueDate: addDays(start, 90),
      });
    }
  }
  specs.push({
    groupPath: 'acme/security',
    projectPath: null,
    title: 'SOC 2 audit window',
    description: 'Evidence collection for the yearly audit.',
    startDate: clock.day(-60),
    dueDate: clock.day(45),
  });
  return specs;
}

export async function seedMilestones(ctx: DemoContext, org: DemoOrg): Promise<DemoMilestone[]> {
  const { db, clock } = ctx;
  const specs = milestoneSpecs(ctx);
  const ids = await allocateIds(db, 'milestones', specs.length);
  const counters = new Map<string, number>();
  const milestones: DemoMilestone[] = [];
  const rows = specs.map((spec, i) => {
    const key = spec.groupPath ? `g:${spec.groupPath}` : `p:${spec.projectPath}`;
    const iid = (counters.get(key) ?? 0) + 1;
    counters.set(key, iid);
    const groupId = spec.groupPath ? org.groups.get(spec.groupPath)!.id : null;
    const projectId = spec.projectPath ? org.projects.find((p) => p.fullPath === spec.projectPath)!.id : null;
    milestones.push({
      id: ids[i]!,
      title: spec.title,
      groupId,
      projectId,
      startDate: spec.startDate,
      dueDate: spec.dueDate,
    });
    const createdOffset = Math.min(-1, daysBetween(clock.today, spec.startDate) - 30);
    return {
      id: ids[i]!,
      iid,
      group_id: groupId,
      project_id: projectId,
      title: spec.title,
      description: spec.description,
      state: spec.dueDate < clock.day(-14) ? 'closed' : 'active',
      start_date: spec.startDate,
      due_date: spec.dueDate,
      created_at: clock.at(Math.max(-SPAN - 30, createdOffset)),
      updated_at: clock.at(Math.max(-SPAN - 30, createdOffset)),
    };
  });
  await insertAll(db, 'milestones', rows);
  ctx.log(`milestones: ${rows.length}`);
  return milestones;
}

/** Two cadences of 2-week iterations over the whole span: one automatic (untitled), one manual. */
export async function seedIterations(ctx: DemoContext, org: DemoOrg): Promise<DemoIteration[]> {
  const { db, clock } = ctx;
  const cadences = [
    { group: org.groups.get('acme/platform')!, title: 'Platform sprints', automatic: true },
    { group: org.groups.get('acme/product')!, title: 'Product sprints', automatic: false },
  ];
  // Iterations start on Mondays.
  const startOffset = -SPAN - ((new Date(`${clock.day(-SPAN)}T00:00:00Z`).getUTCDay() + 6) % 7);
  const cadenceIds = await allocateIds(db, 'iterations_cadences', cadences.length);
  await insertAll(
    db,
    'iterations_cadences',
    cadences.map((c, i) => ({
      id: cadenceIds[i]!,
      group_id: c.group.id,
      title: c.title,
      description: `Two-week sprints for ${c.group.path}.`,
      automatic: c.automatic,
      active: true,
      roll_over: c.automatic,
      start_date: clock.day(startOffset),
      duration_in_weeks: 2,
      iterations_in_advance: c.automatic ? 4 : null,
      created_at: clock.at(-SPAN - 7),
      updated_at: clock.at(-SPAN - 7),
    })),
  );
  const iterations: DemoIteration[] = [];
  const rows = [];
  for (const [ci, cadence] of cadences.entries()) {
    let sequence = 1;
    for (let offset = startOffset; offset <= SPAN; offset += 14, sequence += 1) {
      iterations.push({
        id: 0,
        groupId: cadence.group.id,
        startDate: clock.day(offset),
        dueDate: clock.day(offset + 13),
      });
      rows.push({
        id: 0,
        iid: sequence,
        iterations_cadence_id: cadenceIds[ci]!,
        group_id: cadence.group.id,
        sequence,
        title: cadence.automatic ? null : `Sprint ${sequence}`,
        description: '',
        start_date: clock.day(offset),
        due_date: clock.day(offset + 13),
        created_at: clock.at(Math.min(-1, offset - 28)),
        updated_at: clock.at(Math.min(-1, offset - 28)),
      });
    }
  }
  const ids = await allocateIds(db, 'iterations', rows.length);
  rows.forEach((row, i) => {
    row.id = ids[i]!;
    iterations[i]!.id = ids[i]!;
  });
  await insertAll(db, 'iterations', rows);
  ctx.log(`iteration cadences: ${cadences.length}, iterations: ${rows.length}`);
  return iterations;
}
