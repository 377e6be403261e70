import { useQueryClient } from '@tanstack/react-query';
import { useTaskListEditing } from '../shared/taskList/useTaskListEditing';
import { updateEpicDescription } from './epicsApi';
import type { EpicPageData } from './header/epicPageApi';
import { epicKeys } from './queries';

/**
 * The epic description's task list: tick, move, delete. No 'Convert to child item' here: a child
 * task needs a project, and a Meridian epic belongs to a group.
 */
export function useEpicTaskList(groupPath: string, epic: EpicPageData) {
  const queryClient = useQueryClient();
  const detailKey = epicKeys.detail(groupPath, epic.iid);
  const editing = useTaskListEditing({
    description: epic.description ?? '',
    lockVersion: epic.lock_version,
    canUpdate: epic.user_permissions.update_epic && epic.lock_version !== undefined,
    itemType: 'epic',
    saveDescription: async (next, lockVersion) => {
      const saved = await updateEpicDescription(groupPath, epic.iid, next, lockVersion);
      // The page holds the page JSON (permissions, drift): keep it, with the saved fields over it.
      queryClient.setQueryData<EpicPageData>(detailKey, (page) => (page ? { ...page, ...saved } : page));
      void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: epicKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: epicKeys.notes(groupPath, epic.iid) });
      return saved;
    },
    refetch: () => void queryClient.invalidateQueries({ queryKey: detailKey, exact: true }),
  });
  return { actions: editing.actions(editing.busy), toggle: editing.toggle, busy: editing.busy, alert: editing.alert };
}
