/** Keyboard-shortcut groups and defaults (spec: issues-epics-work-items-admin §2.7 and §9). */

export interface Shortcut {
  keys: string[][]; // alternatives, each a key sequence
  description: string;
}

export interface ShortcutGroup {
  name: string;
  shortcuts: Shortcut[];
}

const k = (...alternatives: string[]): string[][] => alternatives.map((alt) => alt.split(' '));

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    name: 'Global Shortcuts',
    shortcuts: [
      { keys: k('?'), description: 'Toggle this dialog' },
      { keys: k('shift+p'), description: 'Go to your projects' },
      { keys: k('shift+g'), description: 'Go to your groups' },
      { keys: k('shift+a'), description: 'Go to the activity feed' },
      { keys: k('shift+l'), description: 'Go to milestones' },
      { keys: k('shift+s'), description: 'Go to snippets' },
      { keys: k('s', '/'), description: 'Start search' },
      { keys: k('f'), description: 'Focus filter bar' },
      { keys: k('shift+i'), description: 'Go to issues' },
      { keys: k('shift+m'), description: 'Go to merge requests' },
      { keys: k('shift+r'), description: 'Go to review requests' },
      { keys: k('shift+t'), description: 'Go to your To-Do List' },
      { keys: k('p b'), description: 'Toggle the performance bar' },
      { keys: k('esc'), description: 'Hide tooltips or popovers' },
      { keys: k('mod+\\'), description: 'Toggle the sidebar' },
      { keys: k('g x'), description: 'Toggle canary' },
    ],
  },
  {
    name: 'Editing',
    shortcuts: [
      { keys: k('mod+b'), description: 'Bold text' },
      { keys: k('mod+i'), description: 'Italic text' },
      { keys: k('mod+shift+x'), description: 'Strikethrough text' },
      { keys: k('mod+k'), description: 'Add a link' },
      { keys: k('mod+]'), description: 'Indent line' },
      { keys: k('mod+['), description: 'Outdent line' },
    ],
  },
  {
    name: 'Project',
    shortcuts: [
      { keys: k('g o'), description: "Go to the project's overview page" },
      { keys: k('g i'), description: 'Go to issues' },
      { keys: k('g m'), description: 'Go to merge requests' },
      { keys: k('i'), description: 'New issue' },
      { keys: k('.'), description: 'Open in Web IDE' },
    ],
  },
  {
    name: 'Epics, issues and merge requests',
    shortcuts: [
      { keys: k('r'), description: 'Comment / reply (quoting selected text)' },
      { keys: k('e'), description: 'Edit description' },
      { keys: k('l'), description: 'Change label' },
      { keys: k('c r'), description: 'Copy reference' },
    ],
  },
  {
    name: 'Issues and merge requests',
    shortcuts: [
      { keys: k('a'), description: 'Change assignee' },
      { keys: k('m'), description: 'Change milestone' },
    ],
  },
  {
    name: 'Merge requests',
    shortcuts: [
      { keys: k(']', 'j'), description: 'Next file' },
      { keys: k('[', 'k'), description: 'Previous file' },
      { keys: k('n'), description: 'Next unresolved thread' },
      { keys: k('p'), description: 'Previous unresolved thread' },
      { keys: k('b'), description: 'Copy source branch name' },
      { keys: k(';', 'shift+;'), description: 'Expand / collapse all files' },
    ],
  },
  {
    name: 'Merge request commits',
    shortcuts: [
      { keys: k('c'), description: 'Next commit' },
      { keys: k('x'), description: 'Previous commit' },
    ],
  },
];

/** Whether a key event comes from a place where typing must not trigger shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof target !== 'object' || !('tagName' in target)) return false;
  const element = target as HTMLElement;
  const tag = element.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable === true;
}
