import { apiList, apiPath, request } from '../../lib/api';

/** IE §2.4's reasons, with the labels GitLab's drawer gives them. */
export const ABUSE_CATEGORIES = [
  ['spam', "They're posting spam."],
  ['offensive', "They're being offensive or abusive."],
  ['phishing', "They're phishing."],
  ['crypto', "They're crypto mining."],
  ['credentials', "They're posting personal information or credentials."],
  ['copyright', "They're violating a copyright or trademark."],
  ['malware', "They're posting malware."],
  ['other', 'Something else.'],
] as const;
export type AbuseCategory = (typeof ABUSE_CATEGORIES)[number][0];

export const REPORT_THANKS = 'Thank you for your report. An administrator will look into it shortly.';

/**
 * IE-20's fields as JSON to `POST /api/v4/abuse_reports`: the same service as GitLab's form path
 * `/abuse_reports`, counted in the API-writes rate limit.
 */
export async function reportAbuse(userId: number, reportedFromUrl: string, category: AbuseCategory): Promise<void> {
  await request(apiPath('/abuse_reports'), {
    method: 'POST',
    body: { user_id: userId, abuse_report: { category, reported_from_url: reportedFromUrl.slice(0, 512) } },
  });
}

/** IE-22: `POST <project>/-/issues/:iid/mark_as_spam` (admins). */
export async function submitIssueAsSpam(projectPath: string, iid: number): Promise<void> {
  await request(`/${projectPath}/-/issues/${iid}/mark_as_spam`, { method: 'POST' });
}

export interface AbuseReportUser {
  id: number;
  username: string;
  name: string;
  state: string;
  web_url: string;
}

/** One report of `GET /api/v4/admin/abuse_reports`, in GitLab's field names. */
export interface AbuseReport {
  id: number;
  category: AbuseCategory;
  status: 'open' | 'closed';
  message: string;
  reported_from_url: string;
  created_at: string;
  reporter: AbuseReportUser | null;
  user: AbuseReportUser | null;
  resolved_by: AbuseReportUser | null;
  resolved_at: string | null;
  resolution: AbuseReportAction | null;
}

export type AbuseReportAction = 'close' | 'block_user' | 'ban_user' | 'trust_user';
export type AbuseReportStatus = 'open' | 'closed';

export function fetchAbuseReports(status: AbuseReportStatus, page: number, signal?: AbortSignal) {
  return apiList<AbuseReport>(apiPath('/admin/abuse_reports', { status, page, per_page: 20 }), signal);
}

export async function resolveAbuseReport(id: number, action: AbuseReportAction): Promise<void> {
  await request(apiPath(`/admin/abuse_reports/${id}`), {
    method: 'PUT',
    body: action === 'close' ? { status: 'closed' } : { user_action: action },
  });
}

/** One entry of `GET /api/v4/admin/spam_logs`: what an admin submitted as spam, and its author. */
export interface SpamLog {
  id: number;
  noteable_type: string;
  noteable_id: number;
  title: string;
  description: string;
  user: AbuseReportUser | null;
  submitted_by: AbuseReportUser | null;
  recaptcha_verified: boolean;
  source_ip: string | null;
  created_at: string;
}

/** Admin › Spam logs' actions (GitLab's): on the author, or on the log. */
export type SpamLogAction = 'remove_user' | 'block_user' | 'remove_log' | 'trust_user';

export function fetchSpamLogs(page: number, signal?: AbortSignal) {
  return apiList<SpamLog>(apiPath('/admin/spam_logs', { page, per_page: 20 }), signal);
}

export async function actOnSpamLog(id: number, action: SpamLogAction): Promise<void> {
  if (action === 'block_user' || action === 'trust_user') {
    await request(apiPath(`/admin/spam_logs/${id}`), { method: 'PUT', body: { user_action: action } });
  } else {
    const query = action === 'remove_user' ? { remove_user: true } : {};
    await request(apiPath(`/admin/spam_logs/${id}`, query), { method: 'DELETE' });
  }
}
