import type { PresetType, Timeframe } from '@meridian/domain';
import type { CSSProperties, ReactNode } from 'react';

/** Width of the epic details column on the left of the timeline. */
export const DETAILS_WIDTH = 320;
/** The narrowest cell of each preset; wider windows stretch the cells to fill the timeline. */
export const MIN_CELL: Record<PresetType, number> = { WEEKS: 140, MONTHS: 88, QUARTERS: 120 };

/** Where the timeline draws: the timeframe, one cell's and the whole timeline's width, today's left edge. */
export interface TimelineScale {
  tf: Timeframe;
  cellWidth: number;
  timelineWidth: number;
  /** Left edge of today within the timeline, null when today is outside the timeframe. */
  todayX: number | null;
}

export interface EditDates {
  startDate: string;
  dueDate: string;
}

/** Shows the roadmap's popover under `target`, or hides it. */
export interface PopoverControls {
  showPopover: (target: HTMLElement, content: ReactNode) => void;
  hidePopover: () => void;
}

/** The vertical lines between the timeframe's cells. */
export function gridStyle(cellWidth: number): CSSProperties {
  return {
    backgroundImage: 'linear-gradient(to right, var(--border) 1px, transparent 1px)',
    backgroundSize: `${cellWidth}px 100%`,
  };
}
