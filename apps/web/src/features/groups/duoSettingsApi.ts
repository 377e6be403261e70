import type { DuoAvailability } from '@meridian/domain';
import { apiPath, encodeId, request } from '../../lib/api';
import type { Group } from '../../lib/types';

export interface DuoSettingsInput {
  duo_availability: DuoAvailability;
  /** Top-level groups only. */
  experiment_features_enabled?: boolean;
}

/** IE-54: `PUT /groups/:id` with the group's GitLab Duo settings. */
export async function updateDuoSettings(groupPath: string, input: DuoSettingsInput): Promise<Group> {
  return (await request<Group>(apiPath(`/groups/${encodeId(groupPath)}`), { method: 'PUT', body: input })).data;
}
