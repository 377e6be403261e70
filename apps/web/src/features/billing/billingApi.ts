import { apiGet, apiList, apiPath, encodeId, type Page, request } from '../../lib/api';

/** GitLab's `BillableMember`: a user who takes a seat in a top-level group. */
export interface BillableMember {
  id: number;
  username: string;
  name: string;
  avatar_url: string | null;
  web_url: string;
  email: string | null;
  last_activity_on: string | null;
  last_login_at: string | null;
  membership_type: 'group_member' | 'project_member' | 'group_invite' | 'project_invite';
  removable: boolean;
  is_last_owner: boolean;
}

/** GitLab's `BillableMembership`: one of the member's direct memberships in the hierarchy. */
export interface BillableMembership {
  id: number;
  source_id: number;
  source_full_name: string | null;
  source_members_url: string | null;
  created_at: string;
  expires_at: string | null;
  access_level: { string_value: string; integer_value: number };
}

/** GitLab's `GitlabSubscription` of a top-level group. */
export interface GroupSubscription {
  plan: { code: string; name: string; trial: boolean; upgradable: boolean; exclude_guests: boolean };
  usage: { seats_in_subscription: number; seats_in_use: number; max_seats_used: number; seats_owed: number };
  billing: {
    subscription_start_date: string | null;
    subscription_end_date: string | null;
    trial_ends_on: string | null;
  };
}

export const BILLABLE_MEMBERS_PER_PAGE = 20;

export function listBillableMembers(
  groupPath: string,
  options: { page: number; search: string },
  signal?: AbortSignal,
): Promise<Page<BillableMember>> {
  return apiList<BillableMember>(
    apiPath(`/groups/${encodeId(groupPath)}/billable_members`, {
      page: String(options.page),
      per_page: String(BILLABLE_MEMBERS_PER_PAGE),
      search: options.search || undefined,
      sort: 'name_asc',
    }),
    signal,
  );
}

export function listBillableMemberships(groupPath: string, userId: number, signal?: AbortSignal) {
  return apiGet<BillableMembership[]>(
    apiPath(`/groups/${encodeId(groupPath)}/billable_members/${userId}/memberships`, { per_page: '100' }),
    signal,
  );
}

export async function removeBillableMember(groupPath: string, userId: number): Promise<void> {
  await request(apiPath(`/groups/${encodeId(groupPath)}/billable_members/${userId}`), { method: 'DELETE' });
}

export function fetchGroupSubscription(groupPath: string, signal?: AbortSignal) {
  return apiGet<GroupSubscription>(apiPath(`/namespaces/${encodeId(groupPath)}/gitlab_subscription`), signal);
}
