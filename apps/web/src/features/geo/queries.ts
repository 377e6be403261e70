import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type GeoSiteInput, listGeoSiteStatuses, listGeoSites, removeGeoSite, saveGeoSite } from './geoApi';

export const geoKeys = {
  all: ['geo'] as const,
  sites: () => ['geo', 'sites'] as const,
  statuses: () => ['geo', 'statuses'] as const,
};

/** How often the page reads the sites' health and lag again while it is open (GitLab polls too). */
const STATUS_POLL_MS = 10_000;

export function useGeoSites(enabled: boolean) {
  return useQuery({ queryKey: geoKeys.sites(), queryFn: ({ signal }) => listGeoSites(signal), retry: false, enabled });
}

export function useGeoSiteStatuses(enabled: boolean) {
  return useQuery({
    queryKey: geoKeys.statuses(),
    queryFn: ({ signal }) => listGeoSiteStatuses(signal),
    retry: false,
    enabled,
    refetchInterval: STATUS_POLL_MS,
  });
}

export function useSaveGeoSite(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GeoSiteInput) => saveGeoSite(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: geoKeys.all }),
  });
}

export function useRemoveGeoSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeGeoSite,
    onSuccess: () => client.invalidateQueries({ queryKey: geoKeys.all }),
  });
}
