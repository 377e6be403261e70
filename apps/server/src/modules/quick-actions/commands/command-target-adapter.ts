import type { QuickActionTargetNoun } from '@meridian/domain';
import type { ServiceContext } from '../../../service-context';
import type { PersonalTarget } from '../personal-quick-actions';
import type { CommandTarget, QuickActionStep, UpdateDelta } from './command-types';
import type { CommandScope } from './resolve-command-refs';

/**
 * An issue, merge request or epic as quick actions see it: what the commands read of it (`target`),
 * where their references resolve, and how the planned change is written — through the kind's ONE
 * write service (`updateIssue`, `updateMergeRequest`, `updateEpic`), so its rules are the only ones.
 */
export interface QuickActionTargetAdapter {
  target: CommandTarget;
  scope: CommandScope;
  /** How GitLab's messages name it ('Closed this merge request.'). */
  noun: QuickActionTargetNoun;
  /** What the actor's own switches (`/todo`, `/subscribe` …) apply to; null where they do not. */
  personal: PersonalTarget | null;
  /** Writes the merged change; answers what changed by GitLab's names (`commands_changes`). */
  update(ctx: ServiceContext, delta: UpdateDelta): Promise<Record<string, unknown>>;
  /**
   * Runs an issue's own step (time tracking, links, promotion) through its service, adding to
   * `changes`; answers whether it did something (for links: the references linked).
   */
  runStep?(
    ctx: ServiceContext,
    step: Exclude<QuickActionStep, { kind: 'update' }>,
    changes: Record<string, unknown>,
  ): Promise<string[] | boolean>;
}

/** The label changes as ids (issues) or titles (merge requests, epics), in the write's parameter names. */
export function labelParams<K>(delta: UpdateDelta, key: (l: { id: number; title: string }) => K) {
  const labels = delta.labels;
  if (!labels) return null;
  return {
    replace: labels.replace?.map(key),
    add: labels.add.map(key),
    remove: labels.remove.map(key),
  };
}
