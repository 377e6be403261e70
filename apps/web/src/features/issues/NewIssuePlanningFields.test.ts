import { describe, expect, it } from 'vitest';
import { labelsButtonText, NO_PLANNING, planningBody } from './NewIssuePlanningFields';

describe('labelsButtonText (IE §4)', () => {
  it.each([
    [[], 'None'],
    [['bug'], 'bug'],
    [['bug', 'workflow::doing'], 'bug +1 more'],
    [['a', 'b', 'c', 'd'], 'a +3 more'],
  ])('%j → %s', (titles, text) => {
    expect(labelsButtonText(titles)).toBe(text);
  });
});

describe('planningBody', () => {
  it('sends nothing that was not set', () => {
    expect(planningBody(NO_PLANNING)).toEqual({});
  });

  it("sends what was set in GitLab's names", () => {
    expect(
      planningBody({
        assignees: [{ id: '7', text: 'Ada' }],
        labels: ['bug', 'ux'],
        milestone: { id: '3', text: 'v1' },
        iteration: null,
        epic: { id: '9', text: 'Epic' },
        weight: '0',
        dueDate: '2026-12-01',
      }),
    ).toEqual({ assignee_ids: [7], labels: 'bug,ux', milestone_id: 3, epic_id: 9, weight: 0, due_date: '2026-12-01' });
  });
});
