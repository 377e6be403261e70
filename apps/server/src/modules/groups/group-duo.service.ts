import {
  type DuoAvailability,
  type DuoSettings,
  experimentFeaturesEnabled,
  isDuoAvailability,
  resolveDuoSettings,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import { badRequest } from '../../errors';
import { cachedApplicationSettings } from '../application-settings';
import type { GroupRow } from '../namespaces';

/** A group's GitLab Duo settings as GitLab's group API shows them, plus what locks them. */
export interface GroupDuoSettings extends DuoSettings {
  experiment_features_enabled: boolean;
  /** The full path of the ancestor whose never_on or always_on locks the group, when one does. */
  locked_by_group_path: string | null;
}

type DuoGroup = Pick<GroupRow, 'id' | 'traversal_ids'>;

/**
 * The Duo settings in force for a group: its own and its ancestors' stored values resolved by
 * `resolveDuoSettings`, under the instance switch. One query over the group's traversal ids.
 */
export async function groupDuoSettings(db: Database, group: DuoGroup): Promise<GroupDuoSettings> {
  const [rows, instance] = await Promise.all([
    db
      .selectFrom('namespaces')
      .select(['id', 'path', 'duo_availability', 'experiment_features_enabled'])
      .where('id', 'in', group.traversal_ids)
      .execute(),
    cachedApplicationSettings(db),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain = group.traversal_ids.map((id) => byId.get(id));
  const duo = resolveDuoSettings({
    instanceEnabled: instance.duo_features_enabled,
    chain: chain.map((r) => (isDuoAvailability(r?.duo_availability) ? r.duo_availability : null)),
  });
  const lockedBy = typeof duo.locked_by === 'number' ? duo.locked_by : null;
  return {
    duo_availability: duo.duo_availability,
    duo_features_enabled: duo.duo_features_enabled,
    lock_duo_features_enabled: duo.lock_duo_features_enabled,
    locked_by: duo.locked_by,
    experiment_features_enabled: experimentFeaturesEnabled(chain[0]?.experiment_features_enabled ?? false, duo),
    locked_by_group_path:
      lockedBy === null
        ? null
        : chain
            .slice(0, lockedBy + 1)
            .map((r) => r?.path ?? '')
            .join('/'),
  };
}

/**
 * Whether AI features may run for what lives in a namespace (a group, or a project's namespace):
 * GitLab's `duo_features_enabled` in force there, under the instance switch.
 */
export async function namespaceAllowsAi(db: Database, namespace: DuoGroup): Promise<boolean> {
  return (await groupDuoSettings(db, namespace)).duo_features_enabled;
}

export interface DuoSettingsInput {
  duo_availability?: DuoAvailability;
  experiment_features_enabled?: boolean;
}

/**
 * The columns an update of a group's Duo settings writes, refused with 400 as GitLab: a value locked
 * by an ancestor's never_on or always_on (or the instance) cannot change, always_on and experiment
 * features are set on top-level groups only. never_on also turns experiment features off, as GitLab.
 */
export async function duoSettingsUpdate(
  db: Database,
  group: GroupRow,
  input: DuoSettingsInput,
): Promise<{ duo_availability?: DuoAvailability; experiment_features_enabled?: boolean }> {
  if (input.duo_availability === undefined && input.experiment_features_enabled === undefined) return {};
  if (input.experiment_features_enabled !== undefined && group.parent_id !== null) {
    throw badRequest('experiment_features_enabled can only be set on a top-level group', 'experiment_features_enabled');
  }
  if (input.duo_availability === 'always_on' && group.parent_id !== null) {
    throw badRequest('duo_availability always_on can only be set on a top-level group', 'duo_availability');
  }
  const current = await groupDuoSettings(db, group);
  if (
    input.duo_availability !== undefined &&
    current.lock_duo_features_enabled &&
    input.duo_availability !== current.duo_availability
  ) {
    const by = current.locked_by === 'instance' ? 'the instance settings' : `the group ${current.locked_by_group_path}`;
    throw badRequest(`duo_availability is locked to ${current.duo_availability} by ${by}`, 'duo_availability');
  }
  return {
    ...(input.duo_availability !== undefined && !current.lock_duo_features_enabled
      ? { duo_availability: input.duo_availability }
      : {}),
    ...(input.experiment_features_enabled !== undefined
      ? { experiment_features_enabled: input.experiment_features_enabled && input.duo_availability !== 'never_on' }
      : input.duo_availability === 'never_on' && group.parent_id === null
        ? { experiment_features_enabled: false }
        : {}),
  };
}
