import type { ProjectCreationLevel, SubgroupCreationLevel } from '@meridian/domain';
import { badRequest } from '../../errors';

/** The stored group settings a create or update may set (`group-settings-params.ts`). */
export interface GroupSettingsInput {
  emails_enabled?: boolean;
  emails_disabled?: boolean;
  project_creation_level?: ProjectCreationLevel;
  subgroup_creation_level?: SubgroupCreationLevel;
}

/**
 * The `namespaces` columns the settings of a create or update write. `emails_disabled` is GitLab's
 * deprecated inverse of `emails_enabled`: either may be sent, both only when they agree (400 otherwise).
 */
export function groupSettingsColumns(input: GroupSettingsInput): {
  emails_enabled?: boolean;
  project_creation_level?: ProjectCreationLevel;
  subgroup_creation_level?: SubgroupCreationLevel;
} {
  const { emails_enabled: enabled, emails_disabled: disabled } = input;
  if (enabled !== undefined && disabled !== undefined && enabled === disabled) {
    throw badRequest('emails_enabled and emails_disabled contradict each other', 'emails_enabled');
  }
  const emails = enabled ?? (disabled === undefined ? undefined : !disabled);
  return {
    ...(emails !== undefined ? { emails_enabled: emails } : {}),
    ...(input.project_creation_level !== undefined ? { project_creation_level: input.project_creation_level } : {}),
    ...(input.subgroup_creation_level !== undefined ? { subgroup_creation_level: input.subgroup_creation_level } : {}),
  };
}
