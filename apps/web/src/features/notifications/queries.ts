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

/**
 * Saves a level (and custom events): shown at once (the cached setting is patched, and put back if
 * the server refuses), then the server's answer replaces it.
 */
export function useUpdateNotificationSetting(source: NotificationSource) {
  const client = useQueryClient();
  const key = notificationKeys.setting(source);
  return useMutation({
    mutationFn: async (change: NotificationChange) =>
      (await request<NotificationSetting>(settingPath(source), { method: 'PUT', body: change })).data,
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<NotificationSetting>(key);
      if (before) {
        const { level, ...events } = change;
        client.setQueryData<NotificationSetting>(key, {
          ...before,
          level: level ?? before.level,
          events: { ...before.events, ...events },
        });
      }
      return () => client.setQueryData(key, before);
    },
    onError: (_error, _change, undo) => undo?.(),
    onSuccess: (setting) => client.setQueryData(key, setting),
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
