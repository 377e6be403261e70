import type { QuickActionCommand } from '@meridian/domain';
import type { ServiceContext } from '../../service-context';
import { findProject } from '../namespaces';
import type { Noteable } from '../notes';
import { epicQuickActionTarget } from './epic-command-target';
import { issueQuickActionTargetOf } from './issue-command-target';
import { mergeRequestQuickActionTarget } from './mr-command-target';
import { type QuickActionsOutcome, runQuickActions } from './quick-actions.service';

/**
 * Runs a comment's commands on what it is written on (an issue, merge request or epic), reusing the
 * rows the comment already read: the noteable's row and, when the route read it, its project.
 */
export async function applyQuickActions(
  ctx: ServiceContext,
  n: Noteable,
  commands: readonly QuickActionCommand[],
): Promise<QuickActionsOutcome> {
  const { db, actor } = ctx;
  if (n.kind === 'epic') return runQuickActions(ctx, await epicQuickActionTarget(db, actor, n.row), commands);
  const project = n.project ?? (await findProject(db, actor, { id: n.projectId }));
  if (n.kind === 'merge_request')
    return runQuickActions(ctx, await mergeRequestQuickActionTarget(db, actor, project, n.row), commands);
  return runQuickActions(ctx, await issueQuickActionTargetOf(db, actor, project, n.row), commands);
}
