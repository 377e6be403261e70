import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { SHORTCUT_COMMANDS, SHORTCUT_GROUPS } from './catalogue';
import { bindingsFor, findConflicts, keysFor, parseCustomizations } from './customizations';
import { type KeyPress, parseKeySequence, strokeFromKeyPress, strokeLabel } from './keys';
import { type Binding, flushPending, matchStroke } from './matching';

describe('the catalogue (IE §2.7, §9)', () => {
  it('has the thirteen groups of the help dialog, in order', () => {
    expect(SHORTCUT_GROUPS.map((g) => g.name)).toEqual([
      'Global Shortcuts',
      'Editing',
      'Wiki',
      'Repository Graph',
      'Project',
      'Project Files',
      'Epics, issues, and merge requests',
      'Issues and merge requests',
      'Merge requests',
      'Merge request commits',
      'Issues',
      'Legacy Web IDE',
      'Miscellaneous',
    ]);
  });

  const defaults = (id: string) => SHORTCUT_COMMANDS.get(id)?.defaultKeys;
  expectCases(defaults, [
    ['globalShortcuts.toggleKeyboardShortcutsDialog', ['?']],
    ['globalShortcuts.goToYourProjects', ['shift+p']],
    ['globalShortcuts.goToYourGroups', ['shift+g']],
    ['globalShortcuts.goToActivityFeed', ['shift+a']],
    ['globalShortcuts.goToMilestoneList', ['shift+l']],
    ['globalShortcuts.goToYourSnippets', ['shift+s']],
    ['globalShortcuts.startSearch', ['s', '/']],
    ['globalShortcuts.focusFilterBar', ['f']],
    ['globalShortcuts.goToYourIssues', ['shift+i']],
    ['globalShortcuts.goToYourMergeRequests', ['shift+m']],
    ['globalShortcuts.goToYourReviewRequests', ['shift+r']],
    ['globalShortcuts.goToYourTodoList', ['shift+t']],
    ['globalShortcuts.togglePerformanceBar', ['p b']],
    ['globalShortcuts.hideAppearingContent', ['esc']],
    ['globalShortcuts.toggleSuperSidebar', ['mod+\\']],
    ['globalShortcuts.toggleCanary', ['g x']],
    ['editing.boldText', ['mod+b']],
    ['editing.italicText', ['mod+i']],
    ['editing.strikethroughText', ['mod+shift+x']],
    ['editing.linkText', ['mod+k']],
    ['editing.indentLine', ['mod+]']],
    ['editing.outdentLine', ['mod+[']],
    ['project.goToIssues', ['g i']],
    ['project.goToMergeRequests', ['g m']],
    ['project.newIssue', ['i']],
    ['project.goToWebIDE', ['.']],
    ['issuables.editDescription', ['e']],
    ['issuables.changeLabel', ['l']],
    ['issuables.commentReply', ['r']],
    ['issuesMRs.changeAssignee', ['a']],
    ['issuesMRs.changeMilestone', ['m']],
    ['mergeRequests.nextFileInDiff', [']', 'j']],
    ['mergeRequests.previousFileInDiff', ['[', 'k']],
    ['mergeRequests.nextUnresolvedDiscussion', ['n']],
    ['mergeRequests.previousUnresolvedDiscussion', ['p']],
    ['mergeRequests.copySourceBranchName', ['b']],
    ['mergeRequests.expandAllFiles', [';']],
    ['mergeRequests.collapseAllFiles', ['shift+;']],
    ['mergeRequestCommits.nextCommit', ['c']],
    ['mergeRequestCommits.previousCommit', ['x']],
  ]);

  it('lets no one rebind exactly IE §6 list: formatting, MR go-to-file, file browser, review, publish, Web IDE', () => {
    const fixed = [...SHORTCUT_COMMANDS.values()].filter((c) => !c.customizable).map((c) => c.id);
    expect(fixed.sort()).toEqual(
      [
        'editing.boldText',
        'editing.italicText',
        'editing.strikethroughText',
        'editing.linkText',
        'editing.indentLine',
        'editing.outdentLine',
        'mergeRequests.goToFile',
        'mergeRequests.toggleFileBrowser',
        'mergeRequests.addToReview',
        'mergeRequests.addCommentNow',
        'webIDE.goToFile',
        'webIDE.commit',
      ].sort(),
    );
  });

  it('has unique ids and default keys that parse', () => {
    const ids = SHORTCUT_GROUPS.flatMap((g) => g.commands.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of SHORTCUT_COMMANDS.values())
      for (const keys of c.defaultKeys) expect(parseKeySequence(keys, false), keys).not.toBeNull();
  });

  it('has no conflicting defaults', () => {
    for (const c of SHORTCUT_COMMANDS.values()) expect(findConflicts(c.id, c.defaultKeys, {}, false), c.id).toEqual([]);
  });
});

describe('parseKeySequence (GitLab key syntax → canonical strokes)', () => {
  expectCases(
    (keys: string) => parseKeySequence(keys, false),
    [
      ['g i', ['g', 'i']],
      ['shift+p', ['shift+p']],
      ['P', ['shift+p']],
      ['?', ['?']],
      ['shift+/', ['?']],
      ['shift+;', [':']],
      ['mod+\\', ['mod+\\']],
      ['ctrl+shift+p', ['mod+shift+p']],
      ['command+shift+p', ['meta+shift+p']],
      ['shift+mod+enter', ['mod+shift+enter']],
      ['esc', ['esc']],
      ['Escape', ['esc']],
      ['shift+up', ['shift+up']],
      ['mod++', ['mod++']],
      ['  g   x ', ['g', 'x']],
      ['hyper+p', null],
      ['shift+', null],
      ['pagedownx', null],
      ['a b c d e', null],
      ['', null],
    ],
  );
  it('maps ⌘ to mod on a Mac and leaves Ctrl as Ctrl', () => {
    expect(parseKeySequence('command+shift+p', true)).toEqual(['mod+shift+p']);
    expect(parseKeySequence('ctrl+shift+p', true)).toEqual(['ctrl+shift+p']);
  });
});

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('strokeFromKeyPress (a key press → canonical stroke; mod = Ctrl, or ⌘ on a Mac)', () => {
  expectCases(
    ([p, isMac]: [KeyPress, boolean]) => strokeFromKeyPress(p, isMac),
    [
      [[press('g'), false], 'g'],
      [[press('P', { shiftKey: true }), false], 'shift+p'],
      [[press('?', { shiftKey: true }), false], '?'],
      [[press('/'), false], '/'],
      [[press('k', { ctrlKey: true }), false], 'mod+k'],
      [[press('k', { metaKey: true }), true], 'mod+k'],
      [[press('k', { metaKey: true }), false], 'meta+k'],
      [[press('k', { ctrlKey: true }), true], 'ctrl+k'],
      [[press('\\', { ctrlKey: true }), false], 'mod+\\'],
      [[press('Escape'), false], 'esc'],
      [[press('ArrowUp', { shiftKey: true }), false], 'shift+up'],
      [[press('π', { altKey: true, code: 'KeyP' }), true], 'alt+p'],
      [[press('Shift', { shiftKey: true }), false], null],
      [[press('Control', { ctrlKey: true }), false], null],
      [[press('F13'), false], null],
    ],
  );
});

describe('strokeLabel', () => {
  expectCases(
    ([stroke, isMac]: [string, boolean]) => strokeLabel(stroke, isMac),
    [
      [
        ['mod+shift+p', false],
        ['Ctrl', 'Shift', 'p'],
      ],
      [
        ['mod+\\', true],
        ['⌘', '\\'],
      ],
      [['esc', false], ['Esc']],
      [
        ['mod++', false],
        ['Ctrl', '+'],
      ],
    ],
  );
});

describe('matchStroke (sequences such as g then i)', () => {
  const bindings: Binding[] = [
    { id: 'issues', sequence: ['g', 'i'] },
    { id: 'mrs', sequence: ['g', 'm'] },
    { id: 'comment', sequence: ['c'] },
    { id: 'copy', sequence: ['c', 'r'] },
    { id: 'reply', sequence: ['r'] },
    { id: 'help', sequence: ['?'] },
  ];
  const typed = (strokes: string[]) => {
    let pending: string[] = [];
    const run: string[] = [];
    for (const stroke of strokes) {
      const result = matchStroke(bindings, pending, stroke);
      run.push(...result.run);
      pending = result.pending;
    }
    return { run, pending };
  };
  expectCases(typed, [
    [['?'], { run: ['help'], pending: [] }],
    [['g'], { run: [], pending: ['g'] }],
    [['g', 'i'], { run: ['issues'], pending: [] }],
    [['g', 'm'], { run: ['mrs'], pending: [] }],
    [['g', 'z'], { run: [], pending: [] }],
    [['g', 'r'], { run: ['reply'], pending: [] }],
    [['g', 'g', 'i'], { run: ['issues'], pending: [] }],
    [['c'], { run: [], pending: ['c'] }],
    [['c', 'r'], { run: ['copy'], pending: [] }],
    [['c', '?'], { run: ['comment', 'help'], pending: [] }],
    [['c', 'c'], { run: ['comment'], pending: ['c'] }],
    [['x'], { run: [], pending: [] }],
  ]);
  it('runs what the pending strokes complete when no stroke follows in time', () => {
    expect(flushPending(bindings, ['c'])).toBe('comment');
    expect(flushPending(bindings, ['g'])).toBeNull();
    expect(flushPending(bindings, [])).toBeNull();
  });
});

describe('customisations (IE §6: one localStorage key, fixed shortcuts stay fixed)', () => {
  expectCases(parseCustomizations, [
    [null, {}],
    ['not json', {}],
    ['[]', {}],
    ['{"project.goToIssues":["g j"]}', { 'project.goToIssues': ['g j'] }],
    ['{"project.goToIssues":[]}', { 'project.goToIssues': [] }],
    ['{"editing.boldText":["mod+j"]}', {}],
    ['{"nope.unknown":["x"]}', {}],
    ['{"project.goToIssues":["hyper+x"]}', {}],
    ['{"project.goToIssues":"g j"}', {}],
    ['{"project.goToIssues":[1]}', {}],
  ]);

  it('uses the rebinding only for customisable commands', () => {
    const custom = { 'issuables.editDescription': ['shift+e'], 'editing.boldText': ['mod+j'] };
    expect(keysFor(SHORTCUT_COMMANDS.get('issuables.editDescription')!, custom)).toEqual(['shift+e']);
    expect(keysFor(SHORTCUT_COMMANDS.get('editing.boldText')!, custom)).toEqual(['mod+b']);
  });

  it('binds in a context only the commands that fire there and can run', () => {
    const onIssue = bindingsFor(
      'issue',
      (id) => id.startsWith('issuables.edit') || id === 'project.goToIssues',
      {},
      false,
    );
    expect(onIssue).toEqual([
      { id: 'project.goToIssues', sequence: ['g', 'i'] },
      { id: 'issuables.editDescription', sequence: ['e'] },
    ]);
    expect(bindingsFor('epic', (id) => id === 'project.goToIssues', {}, false)).toEqual([]);
    const rebound = bindingsFor(
      'issue',
      (id) => id === 'issuables.editDescription',
      { 'issuables.editDescription': [] },
      false,
    );
    expect(rebound).toEqual([]);
  });

  expectCases(
    ([id, keys]: [string, string[]]) => findConflicts(id, keys, {}, false),
    [
      [['project.goToIssues', ['g m']], ['project.goToMergeRequests']],
      [['project.goToIssues', ['shift+p']], ['globalShortcuts.goToYourProjects']],
      [['project.goToIssues', ['P']], ['globalShortcuts.goToYourProjects']],
      [['issuables.editDescription', ['a']], ['issuesMRs.changeAssignee']],
      // The wiki's `e` and the issue's `e` never share a page.
      [['wiki.editWikiPage', ['e']], []],
      [['issuables.editDescription', ['g i z']], []],
      [['project.goToIssues', ['shift+/']], ['globalShortcuts.toggleKeyboardShortcutsDialog']],
    ],
  );
  it('counts a conflict with another command’s rebinding', () => {
    expect(findConflicts('project.goToIssues', ['q'], { 'issuables.changeLabel': ['q'] }, false)).toEqual([
      'issuables.changeLabel',
    ]);
  });
});
