/**
 * The webhook events Meridian delivers, with GitLab's names: the hook flag that subscribes to each,
 * the `X-Gitlab-Event` header, and the trigger name hook logs record (GitLab's `hooks_scope`).
 */
export const HOOK_EVENT_FLAGS = [
  'push_events',
  'tag_push_events',
  'issues_events',
  'confidential_issues_events',
  'note_events',
  'confidential_note_events',
  'merge_requests_events',
  'job_events',
  'pipeline_events',
  'wiki_page_events',
  'deployment_events',
  'releases_events',
  'emoji_events',
  'resource_access_token_events',
  'feature_flag_events',
  'member_events',
  'subgroup_events',
  'project_events',
  'milestone_events',
  'vulnerability_events',
] as const;
export type HookEventFlag = (typeof HOOK_EVENT_FLAGS)[number];

/** What a delivery is about: an issue (or any work item of the issues family), an MR, a comment, an epic. */
export type HookEventSubject = 'issue' | 'merge_request' | 'note' | 'epic';

export interface HookEventKind {
  flag: HookEventFlag;
  header: string;
  trigger: string;
}

/**
 * Which flag subscribes to an event and the header it is sent with. Confidential issues and notes on
 * confidential issues (and internal notes) go only to hooks with the confidential flag, as GitLab.
 * Epics are issues-family work items in GitLab: their events ride `issues_events` too.
 */
export function hookEventKind(subject: HookEventSubject, confidential: boolean): HookEventKind {
  switch (subject) {
    case 'issue':
    case 'epic':
      return confidential
        ? { flag: 'confidential_issues_events', header: 'Confidential Issue Hook', trigger: 'confidential_issue_hooks' }
        : { flag: 'issues_events', header: 'Issue Hook', trigger: 'issue_hooks' };
    case 'note':
      return confidential
        ? { flag: 'confidential_note_events', header: 'Confidential Note Hook', trigger: 'confidential_note_hooks' }
        : { flag: 'note_events', header: 'Note Hook', trigger: 'note_hooks' };
    case 'merge_request':
      return { flag: 'merge_requests_events', header: 'Merge Request Hook', trigger: 'merge_request_hooks' };
  }
}

/** The triggers `POST …/hooks/:hook_id/test/:trigger` accepts that Meridian can build a payload for. */
export const TESTABLE_HOOK_TRIGGERS = [
  'issues_events',
  'confidential_issues_events',
  'note_events',
  'confidential_note_events',
  'merge_requests_events',
] as const;
export type TestableHookTrigger = (typeof TESTABLE_HOOK_TRIGGERS)[number];
