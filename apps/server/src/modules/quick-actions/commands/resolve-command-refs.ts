import {
  type IterationArg,
  parseEpicArg,
  parseIterationArg,
  parseLabelArgs,
  parseMilestoneArg,
  parseReference,
  parseUserArgs,
  type QuickActionCommand,
  type QuickActionName,
} from '@meridian/domain';
import type { Database } from '../../../db/connection';
import { todayIso } from '../../../lib/today';
import type { Actor } from '../../../policy/actor';
import type { ProjectRow } from '../../namespaces';
import type { NamedLabel } from '../quick-action-changes';
import {
  assignableUsers,
  type LabelOwner,
  ownerLabels,
  periodIteration,
  projectIterations,
  projectLabels,
  projectMilestones,
  type QuickActionPurpose,
  type QuickActionScope,
  readableEpic,
  readableIssue,
} from '../quick-action-references';
import type { CommandRefs, CommandTarget, CopySource } from './command-types';

/** Where a target's references resolve: its project (none for an epic) and where its labels come from. */
export interface CommandScope {
  me: Actor;
  project: ProjectRow | null;
  labelOwner: LabelOwner;
  /** The write's rule for a new assignee or reviewer (able to read the issue or merge request). */
  mayBeAssigned: (candidate: Actor) => boolean;
}

/** No references: what a target the actor may not change resolves (nothing is looked up for it). */
export const noCommandRefs = (today: string): CommandRefs => ({
  today,
  users: new Map(),
  labels: new Map(),
  milestones: new Map(),
  iterations: [],
  periodIterations: new Map(),
  epics: new Map(),
  copySources: new Map(),
});

/**
 * What /copy_metadata takes from the source issue: its labels and milestone. From another project,
 * only those the target project can use — labels by title among the target's, the milestone when it
 * belongs to the target project or one of its groups — as GitLab keeps the target's own.
 */
async function copiedMetadata(
  db: Database,
  t: QuickActionScope,
  source: { id: number; project_id: number; milestone_id: number | null },
): Promise<{ labels: NamedLabel[]; milestoneId: number | null }> {
  const labels = await db
    .selectFrom('issue_labels as il')
    .innerJoin('labels as l', 'l.id', 'il.label_id')
    .select(['l.id', 'l.title'])
    .where('il.issue_id', '=', source.id)
    .execute();
  if (source.project_id === t.project.id) return { labels, milestoneId: source.milestone_id };
  const usable = await projectLabels(
    db,
    t,
    labels.map((l) => l.title),
  );
  const milestone =
    source.milestone_id === null
      ? undefined
      : await db
          .selectFrom('milestones')
          .select('id')
          .where('id', '=', source.milestone_id)
          .where((eb) =>
            eb.or([
              eb('project_id', '=', t.project.id),
              eb('group_id', 'in', t.project.namespace_traversal_ids.length ? t.project.namespace_traversal_ids : [0]),
            ]),
          )
          .executeTakeFirst();
  return { labels: [...usable.values()], milestoneId: milestone?.id ?? null };
}

async function copySource(db: Database, t: QuickActionScope, args: string): Promise<CopySource | null> {
  const parsed = parseReference(args);
  const ref = parsed?.kind === 'issue' ? parsed : null;
  const source = ref ? await readableIssue(db, t, ref) : null;
  if (!ref || !source) return null;
  const copied = await copiedMetadata(db, t, source);
  const reference = source.project_id === t.project.id ? `#${source.iid}` : `${ref.path}#${source.iid}`;
  return { issueId: source.id, reference, ...copied };
}

/** Resolves `load` for each distinct argument text of the named commands; what answers null is left out. */
async function byArgs<T>(
  commands: readonly QuickActionCommand[],
  name: QuickActionName,
  load: (args: string) => Promise<T | null>,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (const args of new Set(commands.filter((c) => c.name === name).map((c) => c.args))) {
    const value = await load(args);
    if (value !== null) found.set(args, value);
  }
  return found;
}

/**
 * Every reference the commands name, resolved before planning: users, labels, milestones and
 * iterations with one statement per kind; epics, period iterations and /copy_metadata sources per
 * command. Nothing is looked up when the actor may not set the target's metadata.
 */
export async function resolveCommandRefs(
  db: Database,
  scope: CommandScope,
  target: CommandTarget,
  commands: readonly QuickActionCommand[],
  purpose: QuickActionPurpose,
): Promise<CommandRefs> {
  const refs = noCommandRefs(todayIso());
  if (!target.may.admin) return refs;
  const of = (...names: QuickActionName[]) => commands.filter((c) => names.includes(c.name));
  const labelTitles = of('label', 'unlabel', 'relabel').flatMap((c) => parseLabelArgs(c.args));
  const labels = await ownerLabels(db, scope.labelOwner, labelTitles);
  const project = scope.project;
  if (project === null) return { ...refs, labels };
  const t: QuickActionScope = { me: scope.me, project };
  const usernames = of('assign', 'unassign', 'assign_reviewer', 'unassign_reviewer').flatMap((c) =>
    parseUserArgs(c.args),
  );
  const milestoneTitles = of('milestone').flatMap((c) => parseMilestoneArg(c.args) ?? []);
  const iterationArgs = of('iteration').flatMap((c) => parseIterationArg(c.args) ?? []);
  const [users, milestones, iterations] = await Promise.all([
    assignableUsers(db, t, usernames, purpose, scope.mayBeAssigned),
    projectMilestones(db, t, milestoneTitles),
    projectIterations(
      db,
      t,
      iterationArgs.filter((a) => !('period' in a)),
    ),
  ]);
  const periodIterations = await byArgs(commands, 'iteration', async (args) => {
    const arg: IterationArg | null = parseIterationArg(args);
    return arg && 'period' in arg ? periodIteration(db, t, arg) : null;
  });
  const epics = await byArgs(commands, 'epic', async (args) => {
    const arg = parseEpicArg(args);
    return arg ? readableEpic(db, t, arg) : null;
  });
  const copySources = await byArgs(commands, 'copy_metadata', (args) => copySource(db, t, args));
  return { ...refs, users, labels, milestones, iterations, periodIterations, epics, copySources };
}
