import { describe, expect, it } from 'vitest';
import { taskCompletionStatus } from './issuable-presenter';

describe('taskCompletionStatus', () => {
  it.each<[string, { count: number; completed_count: number }]>([
    ['- [ ] a\n- [x] b\n  - [X] c', { count: 3, completed_count: 2 }],
    ['1. [ ] one\n2) [x] two', { count: 2, completed_count: 1 }],
    ['- [ ] real\n\n```\n- [x] in code\n```', { count: 1, completed_count: 0 }],
    ['- [ ]\n-[x] no', { count: 0, completed_count: 0 }],
    ['', { count: 0, completed_count: 0 }],
  ])('%j', (description, expected) => {
    expect(taskCompletionStatus(description)).toEqual(expected);
  });
});
