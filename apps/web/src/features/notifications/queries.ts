import type { CustomNotificationEvent, NotificationLevel } from '@meridian/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPath, request } from '../../lib/api';
import { useApiList } from '../../lib/queries';
import type { Group, Project } from '../../lib/types';

/** Where a level applies: the user's global setting, or one group or project. */
export type NotificationSource = { kind: 'global' } | { kind: 'group' | 'project'; id: number };

/** GitLab's answer to GET/PUT …/notification_settings. */
export interface NotificationSetting {
  level: NotificationLevel;
  notification_email?: string;
  events?: Partial<Record<CustomNotificationEvent, boolean>>;
}

export type NotificationChange = { level?: NotificationLevel } & Partial<Record<CustomNotificationEvent, boolean>>;

const sourceKey = (source: NotificationSource) => (source.kind === 'global' ? 'global' : `${source.kind}:${source.id}`);

export const notificationKeys = {
  all: ['notification-settings'] as const,
  setting: (source: NotificationSource) => ['notification-settings', 'setting', sourceKey(source)] as const,
  memberships: () => ['notification-settings', 'memberships'] as const,
};

export function settingPath(source: NotificationSource): string {
  if (source.kind === 'global') return '/api/v4/notification_settings';
  return `/api/v4/${source.kind === 'group' ? 'groups' : 'projects'}/${source.id}/notification_settings`;
}

export function useNotificationSetting(source: NotificationSource) {
  return useQuery({
    queryKey: notificationKeys.setting(source),
    queryFn: ({ signal }) => apiGet<NotificationSetting>(settingPath(source), signal),
  });
}

/** Saves a level (and custom events); the answer replaces the cached setting. */
export function useUpdateNotificationSetting(source: NotificationSource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: NotificationChange) =>
      (await request<NotificationSetting>(settingPath(source), { method: 'PUT', body: change })).data,
    onSuccess: (setting) => client.setQueryData(notificationKeys.setting(source), setting),
  });
}

/** The groups and projects the user is a member of (the first page of each, by name). */
export const MEMBERSHIPS_PER_PAGE = 20;

export function useMemberGroups(page: number) {
  return useApiList<Group>(
    notificationKeys.memberships(),
    apiPath('/groups', { min_access_level: 10, order_by: 'name', per_page: MEMBERSHIPS_PER_PAGE, page }),
  );
}

export function useMemberProjects(page: number) {
  return useApiList<Project>(
    notificationKeys.memberships(),
    apiPath('/projects', { membership: true, order_by: 'name', sort: 'asc', per_page: MEMBERSHIPS_PER_PAGE, page }),
  );
}
