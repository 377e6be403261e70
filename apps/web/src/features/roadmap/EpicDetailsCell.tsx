import { timeframeText } from '@meridian/domain';
import type { CSSProperties } from 'react';
import { AppLink } from '../../lib/AppLink';
import { EpicIcon } from '../../ui/EpicIcon';
import { LabelBadge } from '../../ui/LabelBadge';
import { Spinner } from '../../ui/Spinner';
import styles from './EpicDetailsCell.module.css';
import shared from './Roadmap.module.css';
import type { RoadmapEpic } from './roadmapApi';
import { BlockedIcon, ChevronIcon, InfoIcon } from './roadmapIcons';
import { MAX_INDENT_LEVEL, type RoadmapRow } from './roadmapRows';
import { DETAILS_WIDTH } from './timelineLayout';

function childCountText(epic: RoadmapEpic): { count: number; text: string } {
  const counts = epic.descendantCounts;
  const count = (counts?.openedEpics ?? 0) + (counts?.closedEpics ?? 0);
  return { count, text: `${count} child ${count === 1 ? 'epic' : 'epics'}` };
}

interface EpicDetailsCellProps {
  row: RoadmapRow<RoadmapEpic>;
  groupPath: string;
  showLabels: boolean;
  filtered: boolean;
  onToggle: (epic: RoadmapEpic) => void;
  onLabelClick: (title: string) => void;
}

/**
 * The details cell of an epic row (RF §2): expand control (or a note that no child matches the
 * filters), blocked icon, title link, group name, timeframe, child-epic count and labels.
 */
export function EpicDetailsCell({
  row,
  groupPath,
  showLabels,
  filtered,
  onToggle,
  onLabelClick,
}: EpicDetailsCellProps) {
  const { epic, level } = row;
  const indent = Math.min(level, MAX_INDENT_LEVEL);
  const children = childCountText(epic);
  const showGroup = epic.group.fullPath !== groupPath && !epic.hasParent;
  const noMatchingChildren = row.expanded && row.childStatus === 'empty' && filtered;
  return (
    <div className={shared.details} style={{ width: DETAILS_WIDTH, '--indent': indent } as CSSProperties}>
      <div className={styles.detailsControl}>
        {epic.hasChildren &&
          (noMatchingChildren ? (
            <span
              className={styles.infoIcon}
              title="No child epics match applied filters"
              aria-label="No child epics match applied filters"
              role="img"
            >
              <InfoIcon />
            </span>
          ) : (
            <button
              type="button"
              className={shared.expandButton}
              aria-expanded={row.expanded}
              aria-label={row.expanded ? `Collapse ${epic.title}` : `Expand ${epic.title}`}
              onClick={() => onToggle(epic)}
            >
              {row.childStatus === 'loading' ? (
                <Spinner size="small" label="Loading child epics" />
              ) : (
                <ChevronIcon open={row.expanded} />
              )}
            </button>
          ))}
      </div>
      <div className={styles.detailsText}>
        <div className={styles.titleLine}>
          {epic.blocked && (
            <span
              className={styles.blocked}
              role="img"
              aria-label={`Blocked by ${epic.blockedByCount ?? 1} ${epic.blockedByCount === 1 ? 'epic' : 'epics'}`}
              title={`Blocked by ${epic.blockedByCount ?? 1} ${epic.blockedByCount === 1 ? 'epic' : 'epics'}`}
              data-testid="blocked-icon"
            >
              <BlockedIcon />
            </span>
          )}
          <AppLink href={epic.webPath} className={styles.epicTitle} title={epic.title}>
            {epic.title}
          </AppLink>
        </div>
        <div className={styles.metaLine}>
          {showGroup && <span className={styles.groupName}>{epic.group.name}</span>}
          {showGroup && <span aria-hidden="true">·</span>}
          <span data-testid="roadmap-timeframe">{timeframeText(epic)}</span>
          {children.count > 0 && (
            <span
              className={styles.childCount}
              title={`${children.text}\nSome child epics may be hidden due to applied filters`}
              data-testid="child-count"
            >
              <EpicIcon size={14} />
              {children.count}
            </span>
          )}
        </div>
        {showLabels && (epic.labels?.nodes.length ?? 0) > 0 && (
          <div className={styles.labels}>
            {epic.labels?.nodes.map((label) => (
              <button
                type="button"
                key={label.id}
                className={styles.labelButton}
                onClick={() => onLabelClick(label.title)}
                aria-label={`Filter by label ${label.title}`}
              >
                <LabelBadge
                  label={{
                    id: 0,
                    name: label.title,
                    color: label.color,
                    text_color: label.textColor,
                    description: label.description,
                  }}
                />
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
