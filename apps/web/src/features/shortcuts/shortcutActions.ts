import type { ShortcutContext } from '@meridian/domain/shortcuts/index';
import { type ParsedPath, parseResourcePath, urls } from '../../lib/paths';
import { openSidebarEditor, sidebarEditButtons } from '../issues/sidebar/sidebarEditButtons';

/** What the app shell lends the shortcuts: its router and top bar. */
export interface ShortcutHost {
  navigate: (href: string) => void;
  focusSearch: () => void;
  toggleHelp: () => void;
  /** Whether Meridian has a page at this path (a shortcut to a page it lacks stays unbound). */
  hasRoute: (path: string) => boolean;
  /** A toast ('Reference copied'); lent by the shell so this lazily loaded code brings no React of its own. */
  notify: (text: string) => void;
}

/** The page a shortcut fires on: its resource and its kind (IE §2.7's groups apply by page). */
export interface ShortcutPage {
  here: ParsedPath;
  context: ShortcutContext;
  /** The project whose `g` keys apply, when the page belongs to one. */
  projectPath: string | null;
}

export function currentPage(pathname: string): ShortcutPage {
  const here = parseResourcePath(pathname);
  if (here.kind === 'project') {
    const context = here.page === 'issue' ? 'issue' : here.page === 'merge_request' ? 'mergeRequest' : 'project';
    return { here, context, projectPath: here.fullPath };
  }
  // `/acme/web` may be a group or a project: the page's navigation says which.
  if (here.kind === 'namespace' && document.querySelector('nav[aria-label="Project navigation"]')) {
    return { here, context: 'project', projectPath: here.fullPath };
  }
  if (here.kind === 'group' && here.page === 'epic') return { here, context: 'epic', projectPath: null };
  return { here, context: 'other', projectPath: null };
}

/** A shortcut's effect on this page, or null when it has none here (the key then stays free). */
type Action = (page: ShortcutPage, host: ShortcutHost) => (() => void) | null;

const goTo =
  (path: string): Action =>
  (_page, host) =>
    host.hasRoute(path) ? () => host.navigate(path) : null;

const inProject =
  (href: (projectPath: string) => string): Action =>
  ({ projectPath }, host) =>
    projectPath ? () => host.navigate(href(projectPath)) : null;

const click = (element: HTMLElement | null) => (element ? () => element.click() : null);

const sidebarEditor =
  (label: string): Action =>
  () => {
    const found = sidebarEditButtons().find((b) => b.label === label);
    return found ? () => openSidebarEditor(found.button) : null;
  };

/** The comment box the discussion shows (no-op while a page has none). */
function commentBox(): HTMLTextAreaElement | null {
  return document.querySelector<HTMLTextAreaElement>(
    'textarea[data-shortcut-target="comment"], [data-shortcut-target="comment"] textarea',
  );
}

/** Sets a React-controlled textarea's text the way typing does, so its state follows. */
function typeInto(box: HTMLTextAreaElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/** IE §9 `r`: the selected text, quoted, at the end of the comment box. */
const commentReply: Action = () => {
  const box = commentBox();
  if (!box) return null;
  return () => {
    const selected = window.getSelection()?.toString().trim() ?? '';
    if (selected) {
      const quote = `${selected
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}\n\n`;
      typeInto(box, box.value.trim() ? `${box.value.trimEnd()}\n\n${quote}` : quote);
    }
    box.scrollIntoView({ block: 'center' });
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  };
};

const focusComment: Action = () => {
  const box = commentBox();
  return box
    ? () => {
        box.scrollIntoView({ block: 'center' });
        box.focus();
      }
    : null;
};

/** The issuable's reference (`group/project#3`, `group&2`, `group/project!4`). */
function referenceOf(here: ParsedPath): string | null {
  if (here.kind === 'project' && here.iid && here.page === 'issue') return `${here.fullPath}#${here.iid}`;
  if (here.kind === 'project' && here.iid && here.page === 'merge_request') return `${here.fullPath}!${here.iid}`;
  if (here.kind === 'group' && here.iid && here.page === 'epic') return `${here.fullPath}&${here.iid}`;
  return null;
}

const copyReference: Action = ({ here }, host) => {
  // The sidebar's own Copy reference button when there is one, so both say the same.
  const button = document.querySelector<HTMLButtonElement>('aside button[aria-label="Copy reference"]');
  if (button) return () => button.click();
  const reference = referenceOf(here);
  if (!reference) return null;
  return () =>
    void navigator.clipboard.writeText(reference).then(
      () => host.notify('Reference copied'),
      () => host.notify('The reference could not be copied.'),
    );
};

const focusFilterBar: Action = () => {
  const input = document.querySelector<HTMLInputElement>('input[aria-label="Search or filter results"]');
  return input ? () => input.focus() : null;
};

/** Every shortcut Meridian runs; the rest of the catalogue is listed for GitLab's users but unbound. */
export const SHORTCUT_ACTIONS: Readonly<Record<string, Action>> = {
  'globalShortcuts.toggleKeyboardShortcutsDialog': (_page, host) => host.toggleHelp,
  'globalShortcuts.goToYourProjects': goTo('/dashboard/projects'),
  'globalShortcuts.goToYourGroups': goTo('/dashboard/groups'),
  'globalShortcuts.goToActivityFeed': goTo('/dashboard/activity'),
  'globalShortcuts.goToMilestoneList': goTo('/dashboard/milestones'),
  'globalShortcuts.goToYourSnippets': goTo('/dashboard/snippets'),
  'globalShortcuts.goToYourIssues': goTo('/dashboard/issues'),
  'globalShortcuts.goToYourMergeRequests': goTo('/dashboard/merge_requests'),
  'globalShortcuts.goToYourTodoList': goTo('/dashboard/todos'),
  'globalShortcuts.startSearch': (_page, host) => host.focusSearch,
  'globalShortcuts.focusFilterBar': focusFilterBar,
  'project.goToOverview': inProject(urls.project),
  'project.goToIssues': inProject((path) => urls.projectPage(path, 'issues')),
  'project.goToMergeRequests': inProject((path) => urls.projectPage(path, 'merge_requests')),
  'project.newIssue': inProject(urls.newIssue),
  'issuables.editDescription': () => click(document.querySelector('[data-shortcut-target="edit"]')),
  'issuables.changeLabel': sidebarEditor('Edit labels'),
  'issuables.commentReply': commentReply,
  'issuables.focusComment': focusComment,
  'issuables.copyIssuableRef': copyReference,
  'issuesMRs.changeAssignee': sidebarEditor('Edit assignees'),
  'issuesMRs.changeMilestone': sidebarEditor('Edit milestone'),
};

/** The commands a user may usefully rebind: those Meridian runs somewhere. */
export const RUNNABLE_COMMAND_IDS: ReadonlySet<string> = new Set(Object.keys(SHORTCUT_ACTIONS));
