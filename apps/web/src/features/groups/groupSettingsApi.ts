import type { ProjectCreationLevel, SubgroupCreationLevel } from '@meridian/domain';
import { apiPath, encodeId, request } from '../../lib/api';
import type { Group } from '../../lib/types';

/** What the group's Settings › General page saves, in GitLab's parameter names. */
export interface GroupSettingsInput {
  name?: string;
  description?: string;
  visibility?: 'private' | 'internal' | 'public';
  emails_enabled?: boolean;
  project_creation_level?: ProjectCreationLevel;
  subgroup_creation_level?: SubgroupCreationLevel;
}

/** `PUT /groups/:id` with some of the group's settings; answers the group as `GET /groups/:id`. */
export async function updateGroupSettings(groupPath: string, input: GroupSettingsInput): Promise<Group> {
  return (await request<Group>(apiPath(`/groups/${encodeId(groupPath)}`), { method: 'PUT', body: input })).data;
}
