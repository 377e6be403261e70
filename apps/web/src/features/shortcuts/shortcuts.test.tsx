import { SHORTCUT_CUSTOMIZATIONS_KEY } from '@meridian/domain/shortcuts/index';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installShortcutListener } from '../../app/shortcutListener';
import { ShortcutsDialog } from './ShortcutsDialog';
import type { ShortcutHost } from './shortcutActions';

// The handler loads on the first key press: transform its module graph once up front, so a cold
// import on a busy machine does not outlast `waitFor`'s wait.
beforeAll(async () => {
  await import('./shortcutHandler');
});

/** A host that records what the shortcuts asked of the app shell. */
function recordingHost(routes: string[] = ['/dashboard/projects', '/dashboard/groups']) {
  const calls: string[] = [];
  const host: ShortcutHost = {
    navigate: (href) => calls.push(`navigate ${href}`),
    focusSearch: () => calls.push('search'),
    toggleHelp: () => calls.push('help'),
    hasRoute: (path) => routes.includes(path),
    notify: (text) => calls.push(`notify ${text}`),
  };
  return { host, calls };
}

const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, ...init });

let uninstall: () => void = () => {};
beforeEach(() => {
  localStorage.clear();
  window.history.pushState({}, '', '/acme/web/-/issues/3');
});
afterEach(() => {
  uninstall();
  cleanup();
});

describe('the shortcut listener and handler', () => {
  it('goes to the project issues on g then i, and opens help on ?', async () => {
    const { host, calls } = recordingHost();
    uninstall = installShortcutListener(host);
    press('g');
    await waitFor(() => expect(calls).toEqual([]));
    press('i');
    await waitFor(() => expect(calls).toEqual(['navigate /acme/web/-/issues']));
    press('?', { shiftKey: true });
    expect(calls).toEqual(['navigate /acme/web/-/issues', 'help']);
  });

  it('goes only to pages Meridian has (shift+p yes, shift+t while there is no to-do list no)', async () => {
    const { host, calls } = recordingHost();
    uninstall = installShortcutListener(host);
    press('T', { shiftKey: true });
    press('P', { shiftKey: true });
    await waitFor(() => expect(calls).toEqual(['navigate /dashboard/projects']));
  });

  it('does nothing while typing in a text field or a dialog, or with shortcuts turned off', async () => {
    const { host, calls } = recordingHost();
    uninstall = installShortcutListener(host);
    render(
      <div>
        <input aria-label="typing here" />
        <div role="dialog" aria-label="A dialog">
          <button type="button">In the dialog</button>
        </div>
      </div>,
    );
    press('/', {}, screen.getByLabelText('typing here'));
    press('/', {}, screen.getByRole('button', { name: 'In the dialog' }));
    localStorage.setItem('shortcutsDisabled', 'true');
    press('/');
    localStorage.setItem('shortcutsDisabled', 'false');
    press('s');
    await waitFor(() => expect(calls).toEqual(['search']));
  });

  it('follows a rebinding stored under the one customisations key', async () => {
    localStorage.setItem(SHORTCUT_CUSTOMIZATIONS_KEY, JSON.stringify({ 'project.goToIssues': ['g j'] }));
    const { host, calls } = recordingHost();
    uninstall = installShortcutListener(host);
    press('g');
    press('i');
    press('g');
    press('j');
    // `g i` no longer goes to the issues: `g` waits, then `i` alone is New issue.
    await waitFor(() => expect(calls).toEqual(['navigate /acme/web/-/issues/new', 'navigate /acme/web/-/issues']));
  });
});

describe('the issue page keys', () => {
  function issuePage() {
    const edits: string[] = [];
    render(
      <div>
        <button type="button" data-shortcut-target="edit" onClick={() => edits.push('edit')}>
          Edit
        </button>
        <p>Quote this line</p>
        <aside aria-label="Issue details">
          <button type="button" aria-expanded="false" aria-label="Edit labels" onClick={() => edits.push('labels')}>
            Edit
          </button>
        </aside>
        <textarea aria-label="Comment" data-shortcut-target="comment" defaultValue="" />
      </div>,
    );
    return edits;
  }

  it('e and l press the Edit buttons the page shows', async () => {
    const edits = issuePage();
    const { host } = recordingHost();
    uninstall = installShortcutListener(host);
    press('e');
    await waitFor(() => expect(edits).toEqual(['edit']));
    press('l');
    expect(edits).toEqual(['edit', 'labels']);
    // No assignee field to edit here: `a` does nothing.
    press('a');
    expect(edits).toEqual(['edit', 'labels']);
  });

  it('r quotes the selected text in the comment box, and c focuses it', async () => {
    issuePage();
    const { host } = recordingHost();
    uninstall = installShortcutListener(host);
    const range = document.createRange();
    range.selectNodeContents(screen.getByText('Quote this line'));
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    press('r');
    const box = screen.getByLabelText<HTMLTextAreaElement>('Comment');
    await waitFor(() => expect(box.value).toBe('> Quote this line\n\n'));
    expect(document.activeElement).toBe(box);
    box.blur();
    window.getSelection()?.removeAllRanges();
    press('c');
    // `c` waits a moment for `c r` (copy reference), then focuses the box.
    await waitFor(() => expect(document.activeElement).toBe(box), { timeout: 5000 });
    expect(box.value).toBe('> Quote this line\n\n');
  });
});

describe('ShortcutsDialog', () => {
  const open = () => render(<ShortcutsDialog isOpen onOpenChange={() => {}} />);

  it('lists the thirteen groups and filters them by the search box', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(13);
    fireEvent.change(screen.getByLabelText('Search keyboard shortcuts'), { target: { value: 'milestone' } });
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Global Shortcuts',
      'Issues and merge requests',
    ]);
    fireEvent.change(screen.getByLabelText('Search keyboard shortcuts'), { target: { value: 'zzz' } });
    expect(screen.getByText('No shortcuts matched your search')).toBeTruthy();
  });

  it('turns shortcuts off and on with GitLab’s flag', () => {
    open();
    const toggle = screen.getByRole('switch', { name: 'Toggle shortcuts' });
    fireEvent.click(toggle);
    expect(localStorage.getItem('shortcutsDisabled')).toBe('true');
    fireEvent.click(toggle);
    expect(localStorage.getItem('shortcutsDisabled')).toBe('false');
  });

  it('rebinds a shortcut, refuses a conflict, and resets', () => {
    open();
    const labels = within(screen.getByRole('region', { name: 'Epics, issues, and merge requests' }));
    // Formatting shortcuts may not be rebound (IE §6): no Change button.
    expect(screen.queryByRole('button', { name: 'Change keys for Bold text' })).toBeNull();
    fireEvent.click(labels.getByRole('button', { name: 'Change keys for Change label' }));
    const input = labels.getByLabelText('Keys for Change label');
    fireEvent.change(input, { target: { value: 'a' } });
    fireEvent.submit(input);
    expect(labels.getByRole('alert').textContent).toBe('Already used by "Change assignee".');
    fireEvent.change(input, { target: { value: 'hyper+q' } });
    fireEvent.submit(input);
    expect(labels.getByRole('alert').textContent).toContain('Not a key sequence');
    fireEvent.change(input, { target: { value: 'q' } });
    act(() => {
      fireEvent.submit(input);
    });
    expect(JSON.parse(localStorage.getItem(SHORTCUT_CUSTOMIZATIONS_KEY) ?? '{}')).toEqual({
      'issuables.changeLabel': ['q'],
    });
    expect(labels.getByText('(customised)')).toBeTruthy();
    fireEvent.click(labels.getByRole('button', { name: 'Change keys for Change label' }));
    fireEvent.click(labels.getByRole('button', { name: 'Reset' }));
    expect(localStorage.getItem(SHORTCUT_CUSTOMIZATIONS_KEY)).toBeNull();
  });
});
