import { describe, expect, it } from 'vitest';
import { actorFor, projectX, USER } from '../test/policy-matrix';
import { Visibility } from './access-levels';
import type { IssueSubject } from './subjects';
import { canAdminTimelog } from './timelog-abilities';

const issue = (confidential = false): IssueSubject => ({
  kind: 'issue',
  hidden: false,
  project: projectX(Visibility.PUBLIC),
  confidential,
  authorId: 999,
  assigneeIds: [998],
  discussionLocked: false,
});

describe('canAdminTimelog', () => {
  it.each([
    ['anonymous', 'someone else', false],
    ['nonMember', 'the actor', true],
    ['nonMember', 'someone else', false],
    ['developer', 'someone else', false],
    ['maintainer', 'someone else', true],
    ['owner', 'someone else', true],
    ['admin', 'someone else', true],
  ] as const)('%s on a timelog by %s: %s', (role, by, expected) => {
    const loggedBy = by === 'the actor' ? USER : 12345;
    expect(canAdminTimelog(actorFor(role), loggedBy, issue())).toBe(expected);
  });

  it('refuses who may no longer read the issue, even for their own time', () => {
    expect(canAdminTimelog(actorFor('nonMember'), USER, issue(true))).toBe(false);
  });
});
