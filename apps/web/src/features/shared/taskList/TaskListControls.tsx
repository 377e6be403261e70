import {
  lazy,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { PressToLoadMenu } from '../PressToLoadMenu';
import styles from './TaskList.module.css';
import type { TaskListActions } from './taskListActions';

const loadMenu = () => import('./TaskItemMenuPopover');
const TaskItemMenuPopover = lazy(async () => ({ default: (await loadMenu()).TaskItemMenuPopover }));

/** A rendered task item and the element its controls are portalled into. */
interface TaskHost {
  index: number;
  item: HTMLLIElement;
  host: HTMLSpanElement;
  text: string;
}

interface Drag {
  from: number;
  siblings: number[];
  startY: number;
  moved: boolean;
  target: number | null;
}

/** GitLab's grip icon: two columns of three dots. */
const GRIP_DOTS = [
  [5.5, 3],
  [10.5, 3],
  [5.5, 8],
  [10.5, 8],
  [5.5, 13],
  [10.5, 13],
] as const;

/** Pixels the pointer travels before a press on the handle becomes a drag. */
const DRAG_THRESHOLD = 4;

function clearDropMarks(hosts: TaskHost[]) {
  for (const { item } of hosts) {
    delete item.dataset.taskDrop;
    delete item.dataset.taskDragging;
  }
}

/**
 * Each task item of the rendered description (the server's HTML, `root`) gets a drag handle and a
 * '⋮' menu ('Convert to child item', 'Delete'), portalled into the item. Dragging the handle onto a
 * task of the same list, or Alt+ArrowUp/Down on any control or checkbox of an item, moves it.
 */
export function TaskListControls({
  root,
  html,
  actions,
}: {
  root: RefObject<HTMLDivElement | null>;
  html: string;
  actions: TaskListActions;
}) {
  const [hosts, setHosts] = useState<TaskHost[]>([]);
  const [announcement, setAnnouncement] = useState('');
  /** The moved item, to focus once the saved description is rendered (not when a refetch brought another). */
  const focusAfterMove = useRef<{ index: number; text: string } | null>(null);
  const drag = useRef<Drag | null>(null);
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML brings new items to put the controls in.
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const boxes = [...element.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    // The source and the rendering disagree (a task in a quote, say): act on nothing rather than the wrong line.
    if (boxes.length !== actions.taskCount) {
      setHosts([]);
      return;
    }
    const next: TaskHost[] = [];
    boxes.forEach((box, index) => {
      const item = box.parentElement;
      if (!(item instanceof HTMLLIElement)) return;
      const host = document.createElement('span');
      host.className = styles.controls ?? '';
      item.classList.add(styles.item ?? '');
      item.prepend(host);
      next.push({ index, item, host, text: box.getAttribute('aria-label') ?? `task ${index + 1}` });
    });
    setHosts(next);
    return () => {
      for (const { host } of next) host.remove();
    };
  }, [html, actions.taskCount]);

  useEffect(() => {
    const moved = focusAfterMove.current;
    if (moved === null || hosts.length === 0) return;
    focusAfterMove.current = null;
    const host = hosts.find((candidate) => candidate.index === moved.index);
    if (host?.text === moved.text) host.host.querySelector<HTMLButtonElement>('[data-task-handle]')?.focus();
  }, [hosts]);

  const move = async (from: number, to: number) => {
    // Read before the move: the description may have changed by the time it answers.
    const siblings = actionsRef.current.siblings(from);
    const text = hosts.find((host) => host.index === from)?.text ?? '';
    const moved = await actionsRef.current.onMove(from, to);
    if (moved === null) return;
    focusAfterMove.current = { index: moved, text };
    setAnnouncement(`Moved ${text} to position ${siblings.indexOf(to) + 1} of ${siblings.length}`);
  };
  const moveRef = useRef(move);
  moveRef.current = move;

  // Alt+ArrowUp/Down on the focused item (its handle, menu button or checkbox) moves it one place.
  useEffect(() => {
    const element = root.current;
    if (!element || hosts.length === 0) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      if (actionsRef.current.busy || !(event.target instanceof Element)) return;
      const item = event.target.closest('li');
      const host = hosts.find((candidate) => candidate.item === item);
      if (!host) return;
      const siblings = actionsRef.current.siblings(host.index);
      const to = siblings[siblings.indexOf(host.index) + (event.key === 'ArrowUp' ? -1 : 1)];
      event.preventDefault();
      if (to !== undefined) void moveRef.current(host.index, to);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [root, hosts]);

  const dropTargetAt = (x: number, y: number, current: Drag): number | null => {
    const hit = document.elementFromPoint(x, y);
    // Over a nested item, the drop goes to its ancestor in the dragged item's list.
    for (let item = hit?.closest('li'); item; item = item.parentElement?.closest('li')) {
      if (!root.current?.contains(item)) return null;
      const host = hosts.find((candidate) => candidate.item === item);
      if (host && current.siblings.includes(host.index)) return host.index;
    }
    return null;
  };

  const onPointerDown = (index: number) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || actions.busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      from: index,
      siblings: actions.siblings(index),
      startY: event.clientY,
      moved: false,
      target: null,
    };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current) return;
    if (!current.moved && Math.abs(event.clientY - current.startY) < DRAG_THRESHOLD) return;
    current.moved = true;
    clearDropMarks(hosts);
    const dragged = hosts.find((host) => host.index === current.from);
    if (dragged) dragged.item.dataset.taskDragging = 'true';
    current.target = dropTargetAt(event.clientX, event.clientY, current);
    const target = hosts.find((host) => host.index === current.target);
    if (target && current.target !== current.from) {
      target.item.dataset.taskDrop = (current.target as number) < current.from ? 'before' : 'after';
    }
  };
  const endDrag = (drop: boolean) => {
    const current = drag.current;
    drag.current = null;
    clearDropMarks(hosts);
    if (drop && current?.moved && current.target !== null && current.target !== current.from) {
      void move(current.from, current.target);
    }
  };

  return (
    <>
      {hosts.map(({ index, host, text }) =>
        createPortal(
          <>
            <button
              type="button"
              data-task-handle=""
              className={styles.handle}
              aria-label={`Move ${text}`}
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
              title="Drag to reorder, or press Alt+↑ / Alt+↓"
              disabled={actions.busy}
              onPointerDown={onPointerDown(index)}
              onPointerMove={onPointerMove}
              onPointerUp={() => endDrag(true)}
              onPointerCancel={() => endDrag(false)}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && drag.current) endDrag(false);
              }}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                {GRIP_DOTS.map(([cx, cy]) => (
                  <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.25" fill="currentColor" />
                ))}
              </svg>
            </button>
            <PressToLoadMenu label={`Actions for ${text}`} className={styles.menuButton} preload={loadMenu}>
              <TaskItemMenuPopover
                label={`Actions for ${text}`}
                onConvert={actions.onConvert ? () => actions.onConvert?.(index) : undefined}
                onDelete={() => actions.onDelete(index)}
              />
            </PressToLoadMenu>
          </>,
          host,
          `task-${index}`,
        ),
      )}
      <span role="status" className={styles.visuallyHidden}>
        {announcement}
      </span>
    </>
  );
}
