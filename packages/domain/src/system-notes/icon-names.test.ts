import { describe, expect, it } from 'vitest';
import {
  childEpicNote,
  confidentialityChangedNote,
  dueDateChangedNote,
  hierarchyChangedNote,
  milestoneChangedNote,
  titleChangedNote,
  weightChangedNote,
} from './change-notes';
import { systemNoteIconName } from './icon-names';

describe('systemNoteIconName', () => {
  it.each([
    [titleChangedNote('a', 'b'), 'pencil'],
    [milestoneChangedNote('v1'), 'milestone'],
    [milestoneChangedNote(null), 'milestone'],
    [weightChangedNote(3), 'weight'],
    [weightChangedNote(null), 'weight'],
    [dueDateChangedNote('2026-01-02'), 'calendar'],
    [confidentialityChangedNote(true), 'eye-slash'],
    [confidentialityChangedNote(false), 'eye'],
    [childEpicNote('added', '&2'), 'link'],
    [hierarchyChangedNote('added', 'child', { iid: 3, issue_type: 'task' }), 'link'],
    ['closed', 'issue-close'],
    ['reopened', 'status_open'],
  ])('%s → %s', (body, icon) => {
    expect(systemNoteIconName(body)).toBe(icon);
  });

  it('is null for text it does not know', () => {
    expect(systemNoteIconName('did something new')).toBeNull();
  });
});
