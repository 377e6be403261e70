import { z } from 'zod';
import { badRequest } from '../../../errors';
import { type JiraConnection, jiraAuthorization } from './jira-connection';

/**
 * The optional Jira site of a Jira import (multipart fields beside the file), to download the issues'
 * attachments: `jira_url`, and either `jira_email` with `jira_api_token` (Jira Cloud, Basic) or
 * `jira_personal_access_token` (Jira Data Center and Server, Bearer), or neither (what the site shows
 * anonymous visitors). GitLab's Jira integration asks the same (Web URL; Basic with email or username
 * and API token or password, or a Jira personal access token).
 */
const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const fields = z.object({
  jira_url: text(2048),
  jira_email: text(255),
  jira_api_token: text(1024),
  jira_personal_access_token: text(1024),
});

/** The credentials' characters: no line breaks or other controls, which a header cannot hold. */
const HEADER_SAFE = /^[\x20-\x7e]+$/;

function siteUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('jira_url is invalid: not a URL', 'jira_url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badRequest('jira_url is invalid: it must start with https:// or http://', 'jira_url');
  }
  if (url.username || url.password) {
    throw badRequest('jira_url is invalid: credentials go in jira_email and jira_api_token, not the URL', 'jira_url');
  }
  if (url.search || url.hash) throw badRequest('jira_url is invalid: the site URL takes no query', 'jira_url');
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  return `${url.origin}${path}`;
}

/** The connection the body names, or null; 400 naming the field that is wrong. */
export function parseJiraConnection(body: unknown): JiraConnection | null {
  const parsed = fields.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'jira_url');
    throw badRequest(`${field} is invalid: ${issue?.code === 'invalid_type' ? 'not text' : issue?.message}`, field);
  }
  const { jira_url, jira_email, jira_api_token, jira_personal_access_token } = parsed.data;
  const credentials = jira_email ?? jira_api_token ?? jira_personal_access_token;
  if (!jira_url) {
    if (credentials) throw badRequest('jira_url is missing: the credentials are for a Jira site', 'jira_url');
    return null;
  }
  for (const [field, value] of Object.entries({ jira_email, jira_api_token, jira_personal_access_token })) {
    if (value !== undefined && !HEADER_SAFE.test(value)) {
      throw badRequest(`${field} is invalid: it holds characters a credential cannot`, field);
    }
  }
  if (jira_personal_access_token && (jira_email || jira_api_token)) {
    throw badRequest(
      'jira_personal_access_token is invalid: give either a personal access token or an email and an API token',
      'jira_personal_access_token',
    );
  }
  if ((jira_email === undefined) !== (jira_api_token === undefined)) {
    const missing = jira_email ? 'jira_api_token' : 'jira_email';
    throw badRequest(`${missing} is missing: an email and an API token go together`, missing);
  }
  return {
    url: siteUrl(jira_url),
    authorization: jiraAuthorization(
      jira_personal_access_token
        ? { personalAccessToken: jira_personal_access_token }
        : jira_email && jira_api_token
          ? { email: jira_email, apiToken: jira_api_token }
          : null,
    ),
  };
}
