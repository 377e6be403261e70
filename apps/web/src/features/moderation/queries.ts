import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AbuseReportAction,
  type AbuseReportStatus,
  actOnSpamLog,
  fetchAbuseReports,
  fetchSpamLogs,
  resolveAbuseReport,
  type SpamLogAction,
} from './moderationApi';

export const moderationKeys = {
  all: ['moderation'] as const,
  reports: () => ['moderation', 'abuse-reports'] as const,
  reportPage: (status: AbuseReportStatus, page: number) => ['moderation', 'abuse-reports', status, page] as const,
  spamLogs: () => ['moderation', 'spam-logs'] as const,
  spamLogPage: (page: number) => ['moderation', 'spam-logs', page] as const,
};

/** One page of Admin › Spam logs (`GET /api/v4/admin/spam_logs`). */
export function useSpamLogs(page: number, enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.spamLogPage(page),
    queryFn: ({ signal }) => fetchSpamLogs(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** Remove user, Block user, Remove log or Trust user; refreshes the log and the abuse queue. */
export function useSpamLogAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SpamLogAction }) => actOnSpamLog(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

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
