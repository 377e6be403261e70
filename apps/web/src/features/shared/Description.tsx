import { type MouseEvent, Suspense, useEffect, useRef } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import styles from './Description.module.css';
import { useReferenceCards } from './references/useReferenceCards';
import type { TaskListActions } from './taskList/taskListActions';

// The task items' drag handles and menus load only for a description that has task items.
const TaskListControls = lazyNamed(() => import('./taskList/TaskListControls'), 'TaskListControls');

/** Called with the task item's index (document order) and its new state when a reader ticks it. */
export type TaskToggle = (index: number, checked: boolean) => void;

const checkboxesIn = (root: HTMLElement | null) =>
  root ? [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')] : [];

/**
 * An issue/epic/note body: the server-sanitized HTML when the API sends one, otherwise the raw text
 * (never injected as HTML). With `onTaskToggle`, the task-list checkboxes the renderer disables can be
 * ticked, and each tick is reported by index (the page saves the changed description).
 */
export function Description({
  html,
  text,
  empty,
  onTaskToggle,
  taskList,
}: {
  html?: string | null;
  text?: string | null;
  empty?: string;
  onTaskToggle?: TaskToggle;
  /** For readers who may update the item: each task item's drag handle and menu. */
  taskList?: TaskListActions;
}) {
  const root = useRef<HTMLDivElement>(null);
  const cards = useReferenceCards();
  // After every render: new HTML brings new (disabled) checkboxes.
  useEffect(() => {
    for (const box of checkboxesIn(root.current)) box.disabled = !onTaskToggle;
  });
  // IE §4: a description that changes while the page is open (a task-list save, a colleague's edit) pulses once.
  const shownHtml = useRef(html);
  useEffect(() => {
    if (shownHtml.current === html) return;
    shownHtml.current = html;
    const element = root.current;
    if (!element) return;
    element.classList.remove(styles.changed ?? '');
    void element.offsetWidth; // restart the animation
    element.classList.add(styles.changed ?? '');
  }, [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!onTaskToggle || !(target instanceof HTMLInputElement) || target.type !== 'checkbox') return;
    onTaskToggle(checkboxesIn(root.current).indexOf(target), target.checked);
  };
  if (html) {
    return (
      <>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only the checkboxes and reference links inside react (keyboard toggles fire click too; links get focus events). */}
        <div
          ref={root}
          // With controls, the room for the drag handles is there before they load: nothing moves under the pointer.
          className={taskList ? `${styles.markdown} ${styles.editableTasks}` : styles.markdown}
          onClick={onClick}
          {...cards.handlers}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: description_html is sanitized by the server (rehype-sanitize).
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {taskList && taskList.taskCount > 0 && (
          <Suspense fallback={null}>
            <TaskListControls root={root} html={html} actions={taskList} />
          </Suspense>
        )}
        {cards.card}
      </>
    );
  }
  if (text?.trim()) return <div className={`${styles.markdown} ${styles.plain}`}>{text}</div>;
  return empty ? <p className={styles.empty}>{empty}</p> : null;
}
