/** What the page lets a reader who may update the item do with its description's task list (IE §2.5). */
export interface TaskListActions {
  /** Task indices (the N-th rendered checkbox) of the tasks in the same list as `index`, itself included. */
  siblings: (index: number) => number[];
  /** Moves task `from` to the place of task `to`; answers the moved task's index afterwards, or null. */
  onMove: (from: number, to: number) => Promise<number | null>;
  onDelete: (index: number) => Promise<void>;
  /** 'Convert to child item' shows only when given (issues and incidents). */
  onConvert?: (index: number) => void;
  /** How many tasks the source has: the controls show only when it matches the rendered checkboxes. */
  taskCount: number;
  /** A task-list save is in flight: the controls wait. */
  busy: boolean;
}

export const CONVERT_TO_CHILD_TEXT = 'Convert to child item';
export const DELETE_TASK_TEXT = 'Delete';
