import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GlobalShortcuts } from './GlobalShortcuts';

afterEach(cleanup);

// The dialog is lazily loaded: transform its module graph once up front, so that a cold import on a
// busy machine does not outlast `findByRole`'s one-second wait.
beforeAll(async () => {
  await import('./ShortcutsDialog');
});

function setup() {
  const onNavigate = vi.fn();
  const onFocusSearch = vi.fn();
  render(
    <div>
      <input aria-label="typing here" />
      <GlobalShortcuts onNavigate={onNavigate} onFocusSearch={onFocusSearch} />
    </div>,
  );
  return { onNavigate, onFocusSearch };
}

describe('GlobalShortcuts', () => {
  it('opens the keyboard-shortcuts dialog on ? and lists the shortcut groups', async () => {
    setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      fireEvent.keyDown(document.body, { key: '?' });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Keyboard shortcuts');
    for (const group of ['Global Shortcuts', 'Editing', 'Project', 'Merge requests']) {
      expect(screen.getByRole('region', { name: group })).toBeTruthy();
    }
    expect(dialog.textContent).toContain('Go to your projects');
  });

  it('opens the dialog from the help button and closes it again', async () => {
    setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts (?)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Go to your projects');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not open while typing in a field', () => {
    setup();
    fireEvent.keyDown(screen.getByLabelText('typing here'), { key: '?' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('handles navigation and search shortcuts', () => {
    const { onNavigate, onFocusSearch } = setup();
    fireEvent.keyDown(document.body, { key: 'P', shiftKey: true });
    expect(onNavigate).toHaveBeenCalledWith('/dashboard/projects');
    fireEvent.keyDown(document.body, { key: 'G', shiftKey: true });
    expect(onNavigate).toHaveBeenCalledWith('/dashboard/groups');
    fireEvent.keyDown(document.body, { key: '/' });
    expect(onFocusSearch).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'p', ctrlKey: true });
    expect(onNavigate).toHaveBeenCalledTimes(2);
  });
});
