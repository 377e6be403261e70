import styles from './ChildItemsPanel.module.css';
import type { TreePage } from './treeApi';
import { TreeIcon } from './treeIcons';

/** The panel header's rollups: epics and issues (open and closed), weight, progress and health. */
export function TreeHeaderCounts({ parent, allowSubEpics }: { parent: TreePage['parent']; allowSubEpics: boolean }) {
  const c = parent.descendantCounts;
  const epics = c.openedEpics + c.closedEpics;
  const issues = c.openedIssues + c.closedIssues;
  const weight = parent.weightSum.openedIssues + parent.weightSum.closedIssues;
  const progress = weight > 0 ? Math.floor((parent.weightSum.closedIssues / weight) * 100) : null;
  const h = parent.health;
  return (
    <ul className={styles.counts} aria-label="Child items summary">
      {allowSubEpics && (
        <li title={`Epics • ${c.openedEpics} open, ${c.closedEpics} closed`} data-testid="epics-count">
          <TreeIcon name="epic" />
          <span className="visually-hidden">Epics:</span> {epics}
          <span className="visually-hidden">
            ({c.openedEpics} open, {c.closedEpics} closed)
          </span>
        </li>
      )}
      <li title={`Issues • ${c.openedIssues} open, ${c.closedIssues} closed`} data-testid="issues-count">
        <TreeIcon name="issues" />
        <span className="visually-hidden">Issues:</span> {issues}
        <span className="visually-hidden">
          ({c.openedIssues} open, {c.closedIssues} closed)
        </span>
      </li>
      <li title={`Total weight: ${weight}`} data-testid="weight-sum">
        Weight {weight}
      </li>
      {progress !== null && (
        <li title={`${progress}% of weight completed`} data-testid="progress">
          <span className={styles.progressBar} aria-hidden="true">
            <span style={{ width: `${progress}%` }} />
          </span>
          {progress}%
        </li>
      )}
      {h.issuesOnTrack + h.issuesNeedingAttention + h.issuesAtRisk > 0 && (
        <li className={styles.health} data-testid="health-counts">
          <span className={styles.onTrack} title="Issues on track">
            {h.issuesOnTrack} on track
          </span>
          <span className={styles.needsAttention} title="Issues that need attention">
            {h.issuesNeedingAttention} need attention
          </span>
          <span className={styles.atRisk} title="Issues at risk">
            {h.issuesAtRisk} at risk
          </span>
        </li>
      )}
    </ul>
  );
}
