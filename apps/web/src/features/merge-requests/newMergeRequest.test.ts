import { describe, expect, it } from 'vitest';
import { type NewMergeRequestValues, newMergeRequestBody, titleWithDraft } from './newMergeRequest';

const EMPTY: NewMergeRequestValues = {
  sourceBranch: ' feature/search ',
  targetBranch: 'main',
  title: '  Add search ',
  assignees: [],
  reviewers: [],
  milestone: null,
  labels: [],
};

describe('newMergeRequestBody', () => {
  it('sends the branches and title trimmed, the description as typed, and nothing unset', () => {
    expect(newMergeRequestBody(EMPTY, '## Why\n')).toEqual({
      source_branch: 'feature/search',
      target_branch: 'main',
      title: 'Add search',
      description: '## Why\n',
    });
  });

  it('sends people as ids, the milestone id and the labels comma-separated', () => {
    const body = newMergeRequestBody(
      {
        ...EMPTY,
        assignees: [{ id: '3', text: 'Alice' }],
        reviewers: [
          { id: '5', text: 'Bob' },
          { id: '8', text: 'Carol' },
        ],
        milestone: { id: '12', text: 'v1' },
        labels: ['backend', 'needs review'],
      },
      '',
    );
    expect(body).toMatchObject({
      assignee_ids: [3],
      reviewer_ids: [5, 8],
      milestone_id: 12,
      labels: 'backend,needs review',
    });
  });
});

describe('titleWithDraft (Mark as draft)', () => {
  it.each([
    ['Add search', true, 'Draft: Add search'],
    ['Draft: Add search', true, 'Draft: Add search'],
    ['[Draft] Add search', true, 'Draft: Add search'],
    ['Draft: Add search', false, 'Add search'],
    ['(Draft) draft: Add search', false, 'Add search'],
    ['Add search', false, 'Add search'],
    ['', true, 'Draft: '],
  ])('%j, draft %s → %j', (title, draft, expected) => {
    expect(titleWithDraft(title, draft)).toBe(expected);
  });
});
