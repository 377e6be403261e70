import type { ListKind, TokenKey } from './types';

/** Every key a list understands (in its URL and its bar), before `tokensFor` applies the context. */
export const LIST_TOKEN_KEYS: Record<ListKind, readonly TokenKey[]> = {
  epics: ['author', 'label', 'my-reaction'],
  // RF §5: the roadmap adds milestone, confidential and epic (each `=` only, once).
  roadmap: ['author', 'label', 'milestone', 'confidential', 'epic', 'my-reaction'],
  issues: [
    'author',
    'assignee',
    'milestone',
    'iteration',
    'label',
    'my-reaction',
    'release',
    'confidential',
    'weight',
    'epic',
  ],
  merge_requests: [
    'author',
    'assignee',
    'reviewer',
    'approved-by',
    'approver',
    'merge-user',
    'milestone',
    'label',
    'my-reaction',
    'release',
    'draft',
    'approved',
    'target-branch',
    'source-branch',
    'environment',
    'attention',
  ],
};
