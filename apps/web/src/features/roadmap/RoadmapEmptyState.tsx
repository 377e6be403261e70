import { formatRoadmapDate, type Timeframe } from '@meridian/domain';
import { AppLink } from '../../lib/AppLink';
import { buttonClassName } from '../../ui/buttonClassName';
import { EmptyState } from '../../ui/EmptyState';
import styles from './RoadmapEmptyState.module.css';

interface RoadmapEmptyStateProps {
  tf: Timeframe;
  /** The roadmap shows one epic's children (`epicIid`). */
  childEpics: boolean;
  filtered: boolean;
  canCreateEpic: boolean;
  epicsListHref: string;
}

/** No epic on the timeline (RF §2): the title and sub message by filters, child epics and timeframe. */
export function RoadmapEmptyState({ tf, childEpics, filtered, canCreateEpic, epicsListHref }: RoadmapEmptyStateProps) {
  const range = `from ${formatRoadmapDate(tf.start)} to ${formatRoadmapDate(tf.end)}`;
  const description = childEpics
    ? 'To view the roadmap, add a start or due date to one of the child epics.'
    : filtered
      ? `To widen your search, change or remove filters; only epics ${range} are shown.`
      : `To view the roadmap, add a start or due date to one of your epics in this group or its subgroups; only epics ${range} are shown.`;
  return (
    <EmptyState
      title={
        filtered
          ? 'Sorry, no epics matched your search'
          : 'The roadmap shows the progress of your epics along a timeline'
      }
      description={description}
      action={
        <div className={styles.emptyActions}>
          <AppLink href={epicsListHref} className={buttonClassName('default')}>
            View epics list
          </AppLink>
          {canCreateEpic && !filtered && (
            <AppLink href={`${epicsListHref}/new`} className={buttonClassName('confirm')}>
              New epic
            </AppLink>
          )}
        </div>
      }
    />
  );
}
