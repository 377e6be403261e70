import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Description } from '../Description';
import type { TaskListActions } from './taskListActions';

afterEach(cleanup);

/** What the server renders for `- [ ] a\n  - [ ] a1\n- [ ] b` (render-markdown.ts). */
const HTML = `<ul class="contains-task-list">
<li class="task-list-item"><input type="checkbox" disabled aria-label="a a1"> a
<ul class="contains-task-list">
<li class="task-list-item"><input type="checkbox" disabled aria-label="a1"> a1</li>
</ul>
</li>
<li class="task-list-item"><input type="checkbox" disabled aria-label="b"> b</li>
</ul>`;

function actions(overrides: Partial<TaskListActions> = {}): TaskListActions {
  return {
    taskCount: 3,
    busy: false,
    siblings: (index) => (index === 1 ? [1] : [0, 2]),
    onMove: vi.fn(async () => 0),
    onDelete: vi.fn(async () => {}),
    ...overrides,
  };
}

describe('TaskListControls', () => {
  it('gives each task item a handle and a menu button named after it', async () => {
    render(<Description html={HTML} taskList={actions()} />);
    // The controls load lazily (Description imports them only for a description with task items).
    const handles = await screen.findAllByRole('button', { name: /^Move / });
    expect(handles.map((b) => b.getAttribute('aria-label'))).toEqual(['Move a a1', 'Move a1', 'Move b']);
    expect(screen.getByRole('button', { name: 'Actions for b' })).toHaveProperty('type', 'button');
  });

  it('moves the focused item one place among its siblings with Alt+ArrowUp/Down', async () => {
    const taskList = actions();
    render(<Description html={HTML} taskList={taskList} />);
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Move b' }), { key: 'ArrowUp', altKey: true });
    expect(taskList.onMove).toHaveBeenCalledWith(2, 0);
    // A nested item alone in its list has nowhere to go; without Alt nothing moves.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Move a1' }), { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Move a a1' }), { key: 'ArrowDown' });
    expect(taskList.onMove).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when the source and the rendering disagree on the tasks', async () => {
    render(<Description html={HTML} taskList={actions({ taskCount: 2 })} />);
    // Once the lazy controls have loaded and rendered:
    await act(async () => {
      await import('./TaskListControls');
    });
    expect(screen.queryAllByRole('button', { name: /^Move / })).toEqual([]);
  });

  it('disables the handles while a save is in flight', async () => {
    render(<Description html={HTML} taskList={actions({ busy: true })} />);
    for (const handle of await screen.findAllByRole('button', { name: /^Move / }))
      expect(handle).toHaveProperty('disabled', true);
  });
});
