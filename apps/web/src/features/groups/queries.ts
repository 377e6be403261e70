import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchGroupExportState, startGroupExport } from './groupExportApi';

export const groupExportKeys = {
  state: (fullPath: string) => ['group-export', fullPath] as const,
};

/** The owner's export of the group; polled while the archive is being written. */
export function useGroupExportState(fullPath: string) {
  return useQuery({
    queryKey: groupExportKeys.state(fullPath),
    queryFn: ({ signal }) => fetchGroupExportState(fullPath, signal),
    refetchInterval: (query) => (query.state.data === 'started' ? 3000 : false),
    retry: false,
  });
}

export function useStartGroupExport(fullPath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => startGroupExport(fullPath),
    onSuccess: () => client.invalidateQueries({ queryKey: groupExportKeys.state(fullPath) }),
  });
}
