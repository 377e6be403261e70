/**
 * The Jira site a Jira import may sign in to, to download the issues' attachments: its URL and the
 * `Authorization` header the job keeps in `source_token` while it runs (dropped when it ends, as the
 * direct transfer's and Redmine's tokens are) — Basic with an email and an API token (Jira Cloud), or
 * Bearer with a personal access token (Jira Data Center and Server).
 */
export interface JiraConnection {
  /** The site's URL as given, without a trailing slash (`https://acme.atlassian.net`). */
  url: string;
  /** `Basic …` or `Bearer …`; null to read what the site shows anonymous visitors. */
  authorization: string | null;
}

export function jiraAuthorization(
  credentials: { email: string; apiToken: string } | { personalAccessToken: string } | null,
): string | null {
  if (credentials === null) return null;
  if ('personalAccessToken' in credentials) return `Bearer ${credentials.personalAccessToken}`;
  return `Basic ${Buffer.from(`${credentials.email}:${credentials.apiToken}`).toString('base64')}`;
}

/** The job's connection (its `source_url` and `source_token`); null when the import was started without one. */
export function jiraConnectionOf(job: {
  source_url: string | null;
  source_token: string | null;
}): JiraConnection | null {
  return job.source_url ? { url: job.source_url, authorization: job.source_token } : null;
}
