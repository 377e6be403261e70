import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import {
  completeJiraMapping,
  defaultJiraMapping,
  defaultJiraTypeMapping,
  isJiraKey,
  jiraLabels,
  jiraLabelTitle,
  jiraLinkType,
  jiraStatusCategory,
} from './jira-mapping';

const type = (name: string, subtask = false, hierarchyLevel: number | null = null) => ({
  name,
  subtask,
  hierarchyLevel,
});

describe('defaultJiraTypeMapping, in a project of a group', () => {
  expectCases(
    (t: ReturnType<typeof type>) => defaultJiraTypeMapping(t, { epics: true }),
    [
      [type('Epic'), { kind: 'epic', label: '' }],
      [type('Initiative', false, 2), { kind: 'epic', label: '' }],
      [type('Story'), { kind: 'issue', label: 'type::story' }],
      [type('Task'), { kind: 'issue', label: 'type::task' }],
      [type('Bug'), { kind: 'issue', label: 'type::bug' }],
      [type('Improvement', false, 0), { kind: 'issue', label: 'type::improvement' }],
      [type('Sub-task', true), { kind: 'task', label: '' }],
      [type('Subtask'), { kind: 'task', label: '' }],
      [type('Sub-Task'), { kind: 'task', label: '' }],
      [type('Bug report', false, -1), { kind: 'task', label: '' }],
      [type('Fehler, kritisch'), { kind: 'issue', label: 'type::fehler kritisch' }],
    ],
  );
});

describe('defaultJiraTypeMapping, in a user’s project (no group, so no epics)', () => {
  expectCases(
    (t: ReturnType<typeof type>) => defaultJiraTypeMapping(t, { epics: false }),
    [
      [type('Epic'), { kind: 'issue', label: 'type::epic' }],
      [type('Story'), { kind: 'issue', label: 'type::story' }],
      [type('Sub-task', true), { kind: 'task', label: '' }],
    ],
  );
});

describe('jiraStatusCategory', () => {
  expectCases(jiraStatusCategory, [
    // The category the file gives wins: the REST API's key or name, the CSV's column.
    [{ name: 'Shipped', category: 'done', resolution: null }, 'done'],
    [{ name: 'Shipped', category: 'Done', resolution: null }, 'done'],
    [{ name: 'Doing', category: 'In Progress', resolution: null }, 'indeterminate'],
    [{ name: 'Doing', category: 'indeterminate', resolution: null }, 'indeterminate'],
    [{ name: 'Closed', category: 'To Do', resolution: null }, 'new'],
    [{ name: 'Backlog', category: 'new', resolution: 'Fixed' }, 'new'],
    // Without it: a resolution, or a default workflow's done status.
    [{ name: 'Waiting', category: null, resolution: 'Fixed' }, 'done'],
    [{ name: 'Waiting', category: '', resolution: "Won't Do" }, 'done'],
    [{ name: 'Waiting', category: null, resolution: 'Unresolved' }, 'new'],
    [{ name: 'Resolved', category: null, resolution: null }, 'done'],
    [{ name: 'Closed', category: null, resolution: '' }, 'done'],
    [{ name: 'In Review', category: null, resolution: null }, 'indeterminate'],
    [{ name: 'Open', category: null, resolution: null }, 'new'],
    [{ name: 'Open', category: 'No Category', resolution: null }, 'new'],
  ]);
});

describe('jiraLabelTitle and the scoped labels', () => {
  expectCases(jiraLabelTitle, [
    ['backend', 'backend'],
    ['  two   words\there ', 'two words here'],
    ['a,b', 'a b'],
    [',', null],
    ['', null],
    ['é'.repeat(300), 'é'.repeat(255)],
  ]);
  it('scopes status, priority, sprint and type', () => {
    expect(jiraLabels.status('In Progress')).toBe('status::In Progress');
    expect(jiraLabels.priority('Highest')).toBe('priority::Highest');
    expect(jiraLabels.sprint('Sprint 2, part 1')).toBe('sprint::Sprint 2 part 1');
    expect(jiraLabels.type('Bug')).toBe('type::bug');
    expect(jiraLabels.status('  ')).toBeNull();
  });
});

describe('jiraLinkType', () => {
  expectCases(jiraLinkType, [
    ['Blocks', 'blocks'],
    ['blocks', 'blocks'],
    ['Relates', 'relates_to'],
    ['Duplicate', 'relates_to'],
    ['Cloners', 'relates_to'],
    ['Problem/Incident', 'relates_to'],
  ]);
});

describe('isJiraKey', () => {
  expectCases(isJiraKey, [
    ['MER-1', true],
    ['ab_2-1234', true],
    ['10001', false],
    ['-1', false],
    ['MER-', false],
    ['MER 1', false],
    ['1MER-1', false],
  ]);
});

describe('defaultJiraMapping and completeJiraMapping', () => {
  const defaults = defaultJiraMapping(
    [type('Epic'), type('Bug'), type('Sub-task', true)],
    [
      { name: 'To Do', category: 'new' },
      { name: 'Done', category: 'done' },
    ],
    { epics: true },
    ['Team', 'Customer'],
  );

  it('maps each type and status the file holds by default, and leaves custom fields out', () => {
    expect(defaults).toEqual({
      types: {
        Epic: { kind: 'epic', label: '' },
        Bug: { kind: 'issue', label: 'type::bug' },
        'Sub-task': { kind: 'task', label: '' },
      },
      statuses: { 'To Do': 'opened', Done: 'closed' },
      custom_fields: { Team: 'skip', Customer: 'skip' },
    });
  });

  it('takes the user’s choices for what the file holds, cleans labels, and drops the rest', () => {
    const mapping = completeJiraMapping(defaults, {
      types: { Epic: { kind: 'issue', label: 'type::epic, big' }, Bug: { kind: 'skip' }, Ghost: { kind: 'epic' } },
      statuses: { Done: 'opened', Nowhere: 'closed' },
      custom_fields: { Team: 'labels', Ghost: 'labels' },
    });
    expect(mapping).toEqual({
      types: {
        Epic: { kind: 'issue', label: 'type::epic big' },
        Bug: { kind: 'skip', label: 'type::bug' },
        'Sub-task': { kind: 'task', label: '' },
      },
      statuses: { 'To Do': 'opened', Done: 'opened' },
      custom_fields: { Team: 'labels', Customer: 'skip' },
    });
  });

  it('makes a custom field value a scoped label', () => {
    expect(jiraLabels.custom('Team', 'Platform, EU')).toBe('Team::Platform EU');
    expect(jiraLabels.custom('A::B', 'c')).toBe('A:B::c');
    expect(jiraLabels.custom(' ', 'c')).toBeNull();
  });

  it('is the defaults when nothing was chosen, and never reads inherited names', () => {
    expect(completeJiraMapping(defaults)).toEqual(defaults);
    const tricky = defaultJiraMapping([type('constructor'), type('toString')], [], { epics: true });
    expect(completeJiraMapping(tricky, { types: {} }).types.constructor).toEqual({
      kind: 'issue',
      label: 'type::constructor',
    });
  });
});
