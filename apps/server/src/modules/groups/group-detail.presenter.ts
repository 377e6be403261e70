import type { AppContext } from '../../context';
import type { GroupRow } from '../namespaces';
import type { GroupDuoSettings } from './group-duo.service';
import { presentGroup } from './groups.presenter';

export interface GroupDetailExtras {
  can_admin_issuable_templates: boolean;
  can_admin_group: boolean;
  duo: GroupDuoSettings;
}

/**
 * GitLab's GroupDetail (`GET`, `POST`, `PUT /groups/:id`): the group, what the actor may do, and the
 * GitLab Duo settings in force (GitLab shows `duo_features_enabled` and its lock to those who may
 * administer the group only).
 */
export function presentGroupDetail(ctx: Pick<AppContext, 'config'>, row: GroupRow, extras: GroupDetailExtras) {
  const duo = extras.can_admin_group
    ? {
        duo_availability: extras.duo.duo_availability,
        duo_features_enabled: extras.duo.duo_features_enabled,
        lock_duo_features_enabled: extras.duo.lock_duo_features_enabled,
        // Meridian's: the ancestor (full path) or 'instance' that locks the setting, for the settings page.
        duo_availability_locked_by: extras.duo.locked_by === 'instance' ? 'instance' : extras.duo.locked_by_group_path,
      }
    : {};
  return Object.assign(presentGroup(ctx, row), {
    can_admin_issuable_templates: extras.can_admin_issuable_templates,
    can_admin_group: extras.can_admin_group,
    experiment_features_enabled: extras.duo.experiment_features_enabled,
    ...duo,
  });
}
