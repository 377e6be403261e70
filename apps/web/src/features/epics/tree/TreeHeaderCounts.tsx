import styles from './ChildItemsPanel.module.css';
import type { TreePage } from './treeApi';
import { TreeIcon } from './treeIcons';

/** One kind of child item: its total, with the open and closed counts in the tooltip and for screen readers. */
function OpenClosedCount({
  what,
  icon,
  opened,
  closed,
  testId,
}: {
  what: 'Epics' | 'Issues';
  icon: 'epic' | 'issues';
  opened: number;
  closed: number;
  testId: string;
}) {
  return (
    <li title={`${what} • ${opened} open, ${closed} closed`} data-testid={testId}>
      <TreeIcon name={icon} />
      <span className="visually-hidden">{what}:</span> {opened + closed}
      <span className="visually-hidden">
        ({opened} open, {closed} closed)
      </span>
    </li>
  );
}

/** The panel header's rollups: epics and issues (open and closed), weight, progress and health. */
export function TreeHeaderCounts({ parent, allowSubEpics }: { parent: TreePage['parent']; allowSubEpics: boolean }) {
  const c = parent.descendantCounts;
  const weight = parent.weightSum.openedIssues + parent.weightSum.closedIssues;
  const progress = weight > 0 ? Math.floor((parent.weightSum.closedIssues / weight) * 100) : null;
  const h = parent.health;
  return (
    <ul className={styles.counts} aria-label="Child items summary">
      {allowSubEpics && (
        <OpenClosedCount what="Epics" icon="epic" opened={c.openedEpics} closed={c.closedEpics} testId="epics-count" />
      )}
      <OpenClosedCount
        what="Issues"
        icon="issues"
        opened={c.openedIssues}
        closed={c.closedIssues}
        testId="issues-count"
      />
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
