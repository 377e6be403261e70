import { badRequest, DomainError } from '../../errors';
import { parseUpdateIssue } from './issue-input';
import type { IssueInput } from './issue-write.service';

/** The fields GitLab's IssuesController#issue_params lets the page send, by their REST name. */
const pageFields = new Set([
  'title',
  'description',
  'confidential',
  'lock_version',
  'issue_type',
  'state_event',
  'discussion_locked',
  'due_date',
  'milestone_id',
  'assignee_ids',
  'label_ids',
  'add_label_ids',
  'remove_label_ids',
  'weight',
]);

const quoted = (key: string) => `issue[${key.slice(0, 64)}]`;

/** The object under `issue` (a form's `issue[title]=…` or JSON `{"issue": {…}}`), or nothing. */
function issueFields(source: unknown): Record<string, unknown> | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const { issue } = source as { issue?: unknown };
  if (issue === undefined) return undefined;
  if (!issue || typeof issue !== 'object' || Array.isArray(issue)) throw badRequest('issue is invalid', 'issue');
  return issue as Record<string, unknown>;
}

/**
 * The issue page's update (`PUT`/`PATCH /<project>/-/issues/<iid>(.json)`, IE-2/IE-7): `issue[…]` from
 * the query string, a form body or a JSON body, validated by the REST PUT's schema. A field the page
 * may not send, or a bad value, is a 400 naming the bracketed field.
 */
export function parseIssuePageUpdate(query: unknown, body: unknown): IssueInput {
  const fields: Record<string, unknown> = { ...issueFields(query), ...issueFields(body) };
  for (const key of Object.keys(fields))
    if (!pageFields.has(key)) throw badRequest(`${quoted(key)} is not a field of an issue`, quoted(key));
  try {
    return parseUpdateIssue(fields);
  } catch (error) {
    if (!(error instanceof DomainError) || !error.field) throw error;
    const field = quoted(error.field.split('.')[0] ?? error.field);
    throw badRequest(
      error.message.replace(error.field, () => field),
      field,
    );
  }
}
