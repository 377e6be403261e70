import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AbuseReportAction, type AbuseReportStatus, fetchAbuseReports, resolveAbuseReport } from './moderationApi';

export const moderationKeys = {
  all: ['moderation'] as const,
  reports: () => ['moderation', 'abuse-reports'] as const,
  reportPage: (status: AbuseReportStatus, page: number) => ['moderation', 'abuse-reports', status, page] as const,
};

/** One page of the admin abuse-report queue (`GET /api/v4/admin/abuse_reports`). */
export function useAbuseReports(status: AbuseReportStatus, page: number) {
  return useQuery({
    queryKey: moderationKeys.reportPage(status, page),
    queryFn: ({ signal }) => fetchAbuseReports(status, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Closes a report, or blocks, bans or trusts its user (closing it); refreshes the queue. */
export function useResolveAbuseReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: AbuseReportAction }) => resolveAbuseReport(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.reports() }),
  });
}
