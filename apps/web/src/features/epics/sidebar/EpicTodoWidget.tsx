import { buttonClassName } from '../../../ui/buttonClassName';
import { SidebarField } from '../../shared/People';
import styles from './EpicSidebar.module.css';
import { useEpicTodoToggle } from './queries';

/** The signed-in viewer's to-do on the epic (IE §6: signed-in only): add one, or mark it done. */
export function EpicTodoWidget({ groupPath, iid, todoId }: { groupPath: string; iid: number; todoId: string | null }) {
  const toggle = useEpicTodoToggle(groupPath, iid, todoId);
  return (
    <SidebarField label="To-do item">
      <div className={styles.row}>
        <button
          type="button"
          className={buttonClassName('default', 'small')}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {todoId ? 'Mark as done' : 'Add a to do'}
        </button>
        {toggle.isError && (
          <span role="alert" className={styles.failure}>
            Could not update the to-do item. Please try again.
          </span>
        )}
      </div>
    </SidebarField>
  );
}
