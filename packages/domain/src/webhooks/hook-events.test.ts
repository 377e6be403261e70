import { describe, expect, it } from 'vitest';
import { hookEventKind } from './hook-events';

describe('hookEventKind: GitLab flag, X-Gitlab-Event header and trigger per event', () => {
  it.each([
    ['issue', false, 'issues_events', 'Issue Hook', 'issue_hooks'],
    ['issue', true, 'confidential_issues_events', 'Confidential Issue Hook', 'confidential_issue_hooks'],
    ['epic', false, 'issues_events', 'Issue Hook', 'issue_hooks'],
    ['note', false, 'note_events', 'Note Hook', 'note_hooks'],
    ['note', true, 'confidential_note_events', 'Confidential Note Hook', 'confidential_note_hooks'],
    ['merge_request', false, 'merge_requests_events', 'Merge Request Hook', 'merge_request_hooks'],
  ] as const)('%s (confidential %s) → %s, %s', (subject, confidential, flag, header, trigger) => {
    expect(hookEventKind(subject, confidential)).toEqual({ flag, header, trigger });
  });
});
