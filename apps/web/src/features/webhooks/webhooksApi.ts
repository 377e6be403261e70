import { apiGet, apiPath, encodeId, request } from '../../lib/api';

export type HookOwnerKind = 'group' | 'project';

/** Whose webhooks: a group or a project, by full path. */
export interface HookOwner {
  kind: HookOwnerKind;
  fullPath: string;
}

/** The event flags the form offers (GitLab's names), with their labels. */
export const HOOK_EVENTS = [
  ['issues_events', 'Issues events'],
  ['confidential_issues_events', 'Confidential issues events'],
  ['note_events', 'Comments'],
  ['confidential_note_events', 'Confidential comments'],
  ['merge_requests_events', 'Merge request events'],
] as const;
export type HookEventFlag = (typeof HOOK_EVENTS)[number][0];

/** GitLab's test triggers, as the Test dropdown offers them. */
export const TEST_TRIGGERS = HOOK_EVENTS.map(([flag, label]) => ({ flag, label }));

export interface Webhook extends Record<HookEventFlag, boolean> {
  id: number;
  url: string;
  name: string;
  description: string;
  created_at: string;
  enable_ssl_verification: boolean;
  alert_status: 'executable' | 'temporarily_disabled' | 'disabled';
  disabled_until: string | null;
}

export interface WebhookInput extends Partial<Record<HookEventFlag, boolean>> {
  url: string;
  name: string;
  token?: string;
  enable_ssl_verification: boolean;
}

export interface HookEvent {
  id: number;
  url: string;
  trigger: string;
  request_headers: Record<string, string>;
  request_data: unknown;
  response_headers: Record<string, string>;
  response_body: string;
  execution_duration: number;
  response_status: string;
  internal_error_message: string | null;
  created_at: string;
}

const hooksPath = (owner: HookOwner) =>
  apiPath(`/${owner.kind === 'group' ? 'groups' : 'projects'}/${encodeId(owner.fullPath)}/hooks`);

export const listHooks = (owner: HookOwner, signal?: AbortSignal) => apiGet<Webhook[]>(hooksPath(owner), signal);

export async function createHook(owner: HookOwner, input: WebhookInput) {
  return (await request<Webhook>(hooksPath(owner), { method: 'POST', body: input })).data;
}

export async function updateHook(owner: HookOwner, id: number, input: WebhookInput) {
  return (await request<Webhook>(`${hooksPath(owner)}/${id}`, { method: 'PUT', body: input })).data;
}

export async function deleteHook(owner: HookOwner, id: number): Promise<void> {
  await request<null>(`${hooksPath(owner)}/${id}`, { method: 'DELETE' });
}

export async function testHook(owner: HookOwner, id: number, trigger: HookEventFlag): Promise<void> {
  await request<unknown>(`${hooksPath(owner)}/${id}/test/${trigger}`, { method: 'POST' });
}

export const listHookEvents = (owner: HookOwner, id: number, signal?: AbortSignal) =>
  apiGet<HookEvent[]>(`${hooksPath(owner)}/${id}/events?per_page=20`, signal);

export async function resendHookEvent(owner: HookOwner, id: number, eventId: number): Promise<void> {
  await request<unknown>(`${hooksPath(owner)}/${id}/events/${eventId}/resend`, { method: 'POST' });
}
