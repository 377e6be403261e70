import { ApiError, apiPath, encodeId, request } from '../../../lib/api';
import { urls } from '../../../lib/paths';
import type { Epic } from '../../../lib/types';

/** Every flag the epic page offers by, decided by the server's policy: the page's one permission source. */
export interface EpicPagePermissions {
  read_epic: boolean;
  update_epic: boolean;
  admin_epic: boolean;
  destroy_epic: boolean;
  create_epic: boolean;
  create_note: boolean;
  admin_epic_relation: boolean;
  read_epic_relation: boolean;
  mark_note_as_internal: boolean;
  admin_note: boolean;
  award_emoji: boolean;
  admin_label: boolean;
}

/**
 * The epic as its page JSON answers it (`GET /groups/:group/-/epics/:iid.json`): the REST epic plus
 * its lock_version, the viewer's permissions (decided by the server's policy), their subscription and
 * the rollup drift of its open children.
 */
export interface EpicPageData extends Epic {
  lock_version: number;
  subscribed: boolean;
  user_permissions: EpicPagePermissions;
  rollup_drift: { latest_child_due_date: string | null; children_after_due: number; drifting: boolean };
}

/** The page-JSON address of one epic (IE-7): the epic page's own path with `.json`. */
export const epicPageJsonPath = (groupPath: string, iid: number) => `${urls.epic(groupPath, iid)}.json`;

export async function fetchEpicPage(groupPath: string, iid: number, signal?: AbortSignal): Promise<EpicPageData> {
  const { data } = await request<EpicPageData>(epicPageJsonPath(groupPath, iid), { signal });
  return data;
}

/** What the page changes, in GitLab's bracketed names (`epic[title]`, `epic[state_event]`…). */
export interface EpicPageChanges {
  title?: string;
  description?: string;
  state_event?: 'close' | 'reopen';
  lock_version?: number;
}

/** IE-7 / IE-8: `PUT {epic}.json` with `{"epic": {...}}`; the answer is the saved epic. */
export async function updateEpicPage(groupPath: string, iid: number, changes: EpicPageChanges): Promise<EpicPageData> {
  const { data } = await request<EpicPageData>(epicPageJsonPath(groupPath, iid), {
    method: 'PUT',
    body: { epic: changes },
  });
  return data;
}

/** IE-7: `DELETE {epic}.json?destroy_confirm=true`; answers where to go next (the group's epics list). */
export async function deleteEpicPage(groupPath: string, iid: number): Promise<{ web_url: string }> {
  const path = `${epicPageJsonPath(groupPath, iid)}?destroy_confirm=true`;
  const { data } = await request<{ web_url: string }>(path, { method: 'DELETE' });
  return data;
}

/** The notifications toggle: `POST /groups/:id/epics/:iid/subscribe` or `/unsubscribe` (304 when unchanged). */
export async function setEpicSubscribed(groupPath: string, iid: number, subscribed: boolean): Promise<void> {
  const action = subscribed ? 'subscribe' : 'unsubscribe';
  try {
    await request(apiPath(`/groups/${encodeId(groupPath)}/epics/${iid}/${action}`), { method: 'POST' });
  } catch (error) {
    // 304: already in that state (another tab toggled it): what was asked for holds.
    if (!(error instanceof ApiError && error.status === 304)) throw error;
  }
}
