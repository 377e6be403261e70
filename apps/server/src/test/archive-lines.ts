/**
 * Lines of a group export archive's files (`group-transfer/archive-records.ts`'s shapes), for tests
 * that import a small group with people who have no account here: the placeholder reassignment's
 * server test and its e2e spec. No imports, so the e2e specs may use it.
 */
const at = '2026-01-01T00:00:00.000Z';

export const personLine = (username: string, name: string) =>
  JSON.stringify({ username, email: `${username}@source.example`, name, state: 'active' });

/** The project `acme/web` of the archive's top group `acme`. */
export const projectLine = () =>
  JSON.stringify({
    full_path: 'acme/web',
    path: 'web',
    name: 'Web',
    namespace_path: 'acme',
    description: '',
    visibility_level: 0,
    archived: false,
    issues_enabled: true,
    created_at: at,
    updated_at: at,
  });

/** An open issue of `acme/web` by `author`, assigned to `assignees`; `extra` overrides any field. */
export const issueLine = (
  iid: number,
  title: string,
  author: string,
  assignees: string[] = [],
  extra: Record<string, unknown> = {},
) =>
  JSON.stringify({
    project_path: 'acme/web',
    iid,
    issue_type: 'issue',
    title,
    description: '',
    state: 'opened',
    confidential: false,
    discussion_locked: false,
    weight: null,
    health_status: null,
    severity: 'unknown',
    escalation_status: 'triggered',
    due_date: null,
    start_date: null,
    time_estimate: 0,
    relative_position: null,
    author,
    closed_by: null,
    assignees,
    labels: [],
    milestone: null,
    iteration: null,
    created_at: at,
    updated_at: at,
    closed_at: null,
    ...extra,
  });

/** An hour spent by `user` on issue `iid` of `acme/web`. */
export const timelogLine = (iid: number, user: string) =>
  JSON.stringify({
    issue: { project_path: 'acme/web', iid },
    user,
    time_spent: 3600,
    summary: 'work',
    spent_at: at,
    created_at: at,
  });
