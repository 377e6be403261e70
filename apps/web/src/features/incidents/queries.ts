import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { issueKeys } from '../issues/queries';
import {
  createTimelineEvent,
  deleteMetricImage,
  destroyTimelineEvent,
  type EscalationStatus,
  fetchIncidentFields,
  fetchTimelineEvents,
  listMetricImages,
  type Severity,
  setEscalationStatus,
  setSeverity,
  uploadMetricImage,
} from './incidentsApi';

export const incidentKeys = {
  fields: (projectPath: string, iid: number) => [...issueKeys.detail(projectPath, iid), 'incident'] as const,
  metricImages: (projectPath: string, iid: number) => [...issueKeys.detail(projectPath, iid), 'metric-images'] as const,
};

export function useIncidentFields(projectPath: string, iid: number) {
  return useQuery({
    queryKey: incidentKeys.fields(projectPath, iid),
    queryFn: ({ signal }) => fetchIncidentFields(projectPath, iid, signal),
  });
}

/**
 * Severity or escalation status: saved, then the incident (its state: resolving closes it), its
 * fields and its activity (the system notes) are read again.
 */
export function useSetIncidentField(projectPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { severity: Severity } | { status: EscalationStatus }) =>
      'severity' in change
        ? setSeverity(projectPath, iid, change.severity)
        : setEscalationStatus(projectPath, iid, change.status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, iid) }),
  });
}

export function useMetricImages(projectPath: string, iid: number) {
  return useQuery({
    queryKey: incidentKeys.metricImages(projectPath, iid),
    queryFn: ({ signal }) => listMetricImages(projectPath, iid, signal),
  });
}

export function useUploadMetricImage(projectPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; url: string; urlText: string }) => uploadMetricImage(projectPath, iid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentKeys.metricImages(projectPath, iid) }),
  });
}

export function useDeleteMetricImage(projectPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMetricImage(projectPath, iid, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentKeys.metricImages(projectPath, iid) }),
  });
}

const timelineKey = (projectPath: string, iid: number) => [...issueKeys.detail(projectPath, iid), 'timeline'] as const;

export function useTimelineEvents(projectPath: string, iid: number, issueId: number) {
  return useQuery({
    queryKey: timelineKey(projectPath, iid),
    queryFn: ({ signal }) => fetchTimelineEvents(projectPath, issueId, signal),
  });
}

export function useCreateTimelineEvent(projectPath: string, iid: number, issueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { note: string; occurredAt: string }) =>
      createTimelineEvent(issueId, input.note, input.occurredAt),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineKey(projectPath, iid) }),
  });
}

export function useDestroyTimelineEvent(projectPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => destroyTimelineEvent(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineKey(projectPath, iid) }),
  });
}
