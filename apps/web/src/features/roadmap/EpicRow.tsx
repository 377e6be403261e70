import type { ProgressTracking } from '@meridian/domain';
import { memo } from 'react';
import { EpicBar } from './EpicBar';
import { EpicDetailsCell } from './EpicDetailsCell';
import styles from './EpicRow.module.css';
import shared from './Roadmap.module.css';
import type { RoadmapEpic } from './roadmapApi';
import type { RoadmapRow } from './roadmapRows';
import type { EditDates, PopoverControls, TimelineScale } from './timelineLayout';

export interface EpicRowProps extends PopoverControls {
  row: RoadmapRow<RoadmapEpic>;
  /** Offset of the row from the top of the rows area (from the virtualizer). */
  top: number;
  height: number;
  groupPath: string;
  scale: TimelineScale;
  showLabels: boolean;
  showProgress: boolean;
  progressTracking: ProgressTracking;
  filtered: boolean;
  onToggle: (epic: RoadmapEpic) => void;
  onLabelClick: (title: string) => void;
  onEditDates: (epic: RoadmapEpic, dates: EditDates) => void;
}

/** One epic on the roadmap: its details cell on the left and its bar on the timeline. */
function EpicRowView({ row, top, height, scale, ...props }: EpicRowProps) {
  const { epic, level, geometry } = row;
  return (
    <div
      className={shared.row}
      style={{ height, transform: `translateY(${top}px)` }}
      data-testid="roadmap-row"
      data-level={level}
      data-epic-id={epic.id}
    >
      <EpicDetailsCell
        row={row}
        groupPath={props.groupPath}
        showLabels={props.showLabels}
        filtered={props.filtered}
        onToggle={props.onToggle}
        onLabelClick={props.onLabelClick}
      />
      <div className={styles.timelineCell} style={{ width: scale.timelineWidth }}>
        <EpicBar
          epic={epic}
          geometry={geometry}
          tf={scale.tf}
          cellWidth={scale.cellWidth}
          showProgress={props.showProgress}
          progressTracking={props.progressTracking}
          onEditDates={props.onEditDates}
          showPopover={props.showPopover}
          hidePopover={props.hidePopover}
        />
      </div>
    </div>
  );
}

/** Memoized: scrolling re-renders the timeline every frame, but not this unless its props change. */
export const EpicRow = memo(EpicRowView);
