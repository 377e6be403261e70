import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import type { TimeStats } from '../../../lib/types';
import { PageSpinner } from '../../../ui/Spinner';
import layout from '../../shared/DetailLayout.module.css';
import { EditableSidebarField } from '../../shared/sidebar/EditableSidebarField';
import styles from './IssueSidebar.module.css';

// The forms load on the first Edit.
const TimeTrackingEditor = lazyNamed(() => import('./TimeTrackingEditor'), 'TimeTrackingEditor');

/**
 * Time tracking (IE §2.1): spent and estimated time with a progress bar; users who may plan the issue
 * set or remove the estimate and log time spent, with durations as GitLab reads them ('1w 2d 3h 30m').
 */
export function TimeTrackingField({
  projectPath,
  iid,
  stats,
  canEdit,
}: {
  projectPath: string;
  iid: number;
  stats: TimeStats | undefined;
  canEdit: boolean;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const estimate = stats?.time_estimate ?? 0;
  const spent = stats?.total_time_spent ?? 0;
  return (
    <EditableSidebarField
      label="Time tracking"
      canEdit={canEdit}
      failure={failure}
      editor={(close) => (
        <Suspense fallback={<PageSpinner label="Loading" />}>
          <TimeTrackingEditor
            projectPath={projectPath}
            iid={iid}
            estimate={estimate}
            close={close}
            onFailure={setFailure}
          />
        </Suspense>
      )}
    >
      {estimate > 0 || spent > 0 ? (
        <div className={styles.timeTracking}>
          <span>
            Spent {stats?.human_total_time_spent ?? '0h'}
            {stats?.human_time_estimate ? ` / Estimate ${stats.human_time_estimate}` : ''}
          </span>
          {estimate > 0 && (
            <progress
              className={styles.timeProgress}
              max={estimate}
              value={Math.min(spent, estimate)}
              aria-label="Time spent of the estimate"
            />
          )}
        </div>
      ) : (
        <span className={layout.none}>No estimate or time spent</span>
      )}
    </EditableSidebarField>
  );
}
