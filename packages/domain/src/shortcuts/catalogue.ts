/**
 * The keyboard-shortcut catalogue of IE §2.7 and §9: GitLab's thirteen groups, each command with
 * GitLab's id (the key its customisation is stored under), description and default keys.
 *
 * Keys are written as GitLab writes them (Mousetrap's syntax): strokes joined by a space form a
 * sequence (`g i`), modifiers join a key with `+` (`shift+p`, `mod+k`); `mod` is Ctrl, or ⌘ on a Mac.
 */

/** Where a shortcut can fire: a kind of page, or inside a text field (the editing shortcuts). */
export type ShortcutContext =
  | 'issue'
  | 'epic'
  | 'mergeRequest'
  | 'mergeRequestCommits'
  | 'wiki'
  | 'repositoryGraph'
  | 'projectFiles'
  | 'project'
  | 'other'
  | 'textField'
  | 'webIde';

export interface ShortcutCommand {
  id: string;
  description: string;
  defaultKeys: readonly string[];
  /** IE §6: false for the shortcuts no one may rebind. */
  customizable: boolean;
  /** Deliberately shadows a broader shortcut with the same keys on its own pages (GitLab's `overrideGlobalHotkey`). */
  overrides?: boolean;
  /** Where it fires, when narrower than its group's contexts. */
  contexts?: readonly ShortcutContext[];
}

export interface ShortcutGroup {
  id: string;
  name: string;
  contexts: readonly ShortcutContext[];
  commands: readonly ShortcutCommand[];
}

const PAGES: readonly ShortcutContext[] = [
  'issue',
  'epic',
  'mergeRequest',
  'mergeRequestCommits',
  'wiki',
  'repositoryGraph',
  'projectFiles',
  'project',
  'other',
  'webIde',
];
const PROJECT_PAGES: readonly ShortcutContext[] = [
  'issue',
  'mergeRequest',
  'mergeRequestCommits',
  'wiki',
  'repositoryGraph',
  'projectFiles',
  'project',
];

const command = (
  id: string,
  description: string,
  defaultKeys: readonly string[],
  extra: Partial<Pick<ShortcutCommand, 'customizable' | 'overrides' | 'contexts'>> = {},
): ShortcutCommand => ({ id, description, defaultKeys, customizable: true, ...extra });
const fixed = { customizable: false } as const;

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    id: 'globalShortcuts',
    name: 'Global Shortcuts',
    contexts: PAGES,
    commands: [
      command('globalShortcuts.toggleKeyboardShortcutsDialog', 'Toggle keyboard shortcuts help dialog', ['?']),
      command('globalShortcuts.goToYourProjects', 'Go to your projects', ['shift+p']),
      command('globalShortcuts.goToYourGroups', 'Go to your groups', ['shift+g']),
      command('globalShortcuts.goToActivityFeed', 'Go to the activity feed', ['shift+a']),
      command('globalShortcuts.goToMilestoneList', 'Go to the milestone list', ['shift+l']),
      command('globalShortcuts.goToYourSnippets', 'Go to your snippets', ['shift+s']),
      command('globalShortcuts.startSearch', 'Start search', ['s', '/']),
      command('globalShortcuts.focusFilterBar', 'Focus filter bar', ['f']),
      command('globalShortcuts.goToYourIssues', 'Go to your issues', ['shift+i']),
      command('globalShortcuts.goToYourMergeRequests', 'Go to your merge requests', ['shift+m']),
      command('globalShortcuts.goToYourReviewRequests', 'Go to your review requests', ['shift+r']),
      command('globalShortcuts.goToYourTodoList', 'Go to your To-Do List', ['shift+t']),
      command('globalShortcuts.togglePerformanceBar', 'Toggle the Performance Bar', ['p b']),
      command('globalShortcuts.hideAppearingContent', 'Hide tooltips or popovers', ['esc']),
      command('globalShortcuts.toggleSuperSidebar', 'Toggle the navigation sidebar', ['mod+\\']),
    ],
  },
  {
    id: 'editing',
    name: 'Editing',
    contexts: ['textField'],
    commands: [
      command('editing.boldText', 'Bold text', ['mod+b'], fixed),
      command('editing.italicText', 'Italic text', ['mod+i'], fixed),
      command('editing.strikethroughText', 'Strikethrough text', ['mod+shift+x'], fixed),
      command('editing.linkText', 'Link text', ['mod+k'], fixed),
      command('editing.indentLine', 'Indent line', ['mod+]'], fixed),
      command('editing.outdentLine', 'Outdent line', ['mod+['], fixed),
      command('editing.toggleMarkdownPreview', 'Toggle Markdown preview', ['ctrl+shift+p', 'command+shift+p']),
      command('editing.editRecentComment', 'Edit your most recent comment in a thread (from an empty textarea)', [
        'up',
      ]),
      command('globalShortcuts.saveChanges', 'Submit/save changes', ['mod+enter']),
    ],
  },
  {
    id: 'wiki',
    name: 'Wiki',
    contexts: ['wiki'],
    commands: [command('wiki.editWikiPage', 'Edit wiki page', ['e'])],
  },
  {
    id: 'repositoryGraph',
    name: 'Repository Graph',
    contexts: ['repositoryGraph'],
    commands: [
      command('repositoryGraph.scrollLeft', 'Scroll left', ['left', 'h']),
      command('repositoryGraph.scrollRight', 'Scroll right', ['right', 'l']),
      command('repositoryGraph.scrollUp', 'Scroll up', ['up', 'k']),
      command('repositoryGraph.scrollDown', 'Scroll down', ['down', 'j']),
      command('repositoryGraph.scrollToTop', 'Scroll to top', ['shift+up', 'shift+k']),
      command('repositoryGraph.scrollToBottom', 'Scroll to bottom', ['shift+down', 'shift+j']),
    ],
  },
  {
    id: 'project',
    name: 'Project',
    contexts: PROJECT_PAGES,
    commands: [
      command('project.goToOverview', "Go to the project's overview page", ['g o']),
      command('project.goToActivityFeed', "Go to the project's activity feed", ['g v']),
      command('project.goToReleases', 'Go to releases', ['g r']),
      command('project.goToFiles', 'Go to files', ['g f']),
      command('project.startSearchFile', 'Go to find file', ['t']),
      command('project.goToCommits', 'Go to commits', ['g c']),
      command('project.goToRepoGraph', 'Go to repository graph', ['g n']),
      command('project.goToRepoCharts', 'Go to repository charts', ['g d']),
      command('project.goToIssues', 'Go to issues', ['g i']),
      command('project.newIssue', 'New issue', ['i']),
      command('project.goToIssueBoards', 'Go to issue boards', ['g b']),
      command('project.goToMergeRequests', 'Go to merge requests', ['g m']),
      command('project.goToPipelines', 'Go to pipelines', ['g p']),
      command('project.goToJobs', 'Go to jobs', ['g j']),
      command('project.goToEnvironments', 'Go to environments', ['g e']),
      command('project.goToKubernetes', 'Go to kubernetes', ['g k']),
      command('project.goToSnippets', 'Go to snippets', ['g s']),
      command('project.goToWiki', 'Go to wiki', ['g w']),
      command('project.goToWebIDE', 'Open in Web IDE', ['.']),
    ],
  },
  {
    id: 'projectFiles',
    name: 'Project Files',
    contexts: ['projectFiles'],
    commands: [
      command('projectFiles.moveSelectionUp', 'Move selection up', ['up']),
      command('projectFiles.moveSelectionDown', 'Move selection down', ['down']),
      command('projectFiles.openSelection', 'Open Selection', ['enter']),
      command('projectFiles.goBack', 'Go back (while searching for files)', ['esc'], { overrides: true }),
      command('projectFiles.copyFilePermalink', 'Copy file permalink', ['y']),
    ],
  },
  {
    id: 'issuables',
    name: 'Epics, issues, and merge requests',
    contexts: ['issue', 'epic', 'mergeRequest'],
    commands: [
      command('issuables.commentReply', 'Comment/Reply (quoting selected text)', ['r']),
      // Meridian's own: the comment box without quoting (issue 12); `c r` still copies the reference.
      command('issuables.focusComment', 'Focus the comment box', ['c']),
      command('issuables.editDescription', 'Edit description', ['e']),
      command('issuables.changeLabel', 'Change label', ['l']),
      command('issuables.copyIssuableRef', 'Copy reference', ['c r']),
    ],
  },
  {
    id: 'issuesMRs',
    name: 'Issues and merge requests',
    contexts: ['issue', 'mergeRequest'],
    commands: [
      command('issuesMRs.changeAssignee', 'Change assignee', ['a']),
      command('issuesMRs.changeMilestone', 'Change milestone', ['m']),
    ],
  },
  {
    id: 'mergeRequests',
    name: 'Merge requests',
    contexts: ['mergeRequest'],
    commands: [
      command('mergeRequests.nextFileInDiff', 'Next file in diff', [']', 'j']),
      command('mergeRequests.previousFileInDiff', 'Previous file in diff', ['[', 'k']),
      command('mergeRequests.goToFile', 'Go to file', ['mod+p', 't'], { ...fixed, overrides: true }),
      command('mergeRequests.nextUnresolvedDiscussion', 'Next open thread', ['n']),
      command('mergeRequests.previousUnresolvedDiscussion', 'Previous open thread', ['p']),
      command('mergeRequests.copySourceBranchName', 'Copy source branch name', ['b']),
      command('mergeRequests.toggleFileBrowser', 'Toggle file browser', ['f'], { ...fixed, overrides: true }),
      command('mergeRequests.addToReview', 'Add your comment to a review', ['mod+enter'], {
        ...fixed,
        overrides: true,
        contexts: ['textField'],
      }),
      command('mergeRequests.addCommentNow', 'Publish your comment immediately', ['shift+mod+enter'], {
        ...fixed,
        contexts: ['textField'],
      }),
      command('mergeRequests.expandAllFiles', 'Expand all files', [';']),
      command('mergeRequests.collapseAllFiles', 'Collapse all files', ['shift+;']),
    ],
  },
  {
    id: 'mergeRequestCommits',
    name: 'Merge request commits',
    contexts: ['mergeRequestCommits'],
    commands: [
      command('mergeRequestCommits.nextCommit', 'Next commit', ['c']),
      command('mergeRequestCommits.previousCommit', 'Previous commit', ['x']),
    ],
  },
  {
    id: 'issues',
    name: 'Issues',
    contexts: ['issue'],
    commands: [
      command('issues.nextDesign', 'Next design', ['right']),
      command('issues.previousDesign', 'Previous design', ['left']),
      command('issues.closeDesign', 'Close design', ['esc'], { overrides: true }),
    ],
  },
  {
    id: 'webIDE',
    name: 'Legacy Web IDE',
    contexts: ['webIde'],
    commands: [
      command('webIDE.goToFile', 'Go to file', ['mod+p', 't'], fixed),
      command('webIDE.commit', 'Commit (when editing commit message)', ['mod+enter'], {
        ...fixed,
        contexts: ['textField'],
        overrides: true,
      }),
    ],
  },
  {
    id: 'misc',
    name: 'Miscellaneous',
    contexts: PAGES,
    commands: [command('globalShortcuts.toggleCanary', 'Toggle GitLab Next', ['g x'])],
  },
];

/** Every command with the contexts it fires in. */
export const SHORTCUT_COMMANDS: ReadonlyMap<string, ShortcutCommand & { group: ShortcutGroup }> =
  /* @__PURE__ */ new Map(
    SHORTCUT_GROUPS.flatMap((group) =>
      group.commands.map((c) => [c.id, { ...c, contexts: c.contexts ?? group.contexts, group }] as const),
    ),
  );

/** GitLab's localStorage key for the customised keys (`{ [commandId]: string[] }`), one key for all (IE §6). */
export const SHORTCUT_CUSTOMIZATIONS_KEY = 'gl-keyboard-shortcuts-customizations';
/** GitLab's localStorage flag for "Toggle shortcuts" off. */
export const SHORTCUTS_DISABLED_KEY = 'shortcutsDisabled';
