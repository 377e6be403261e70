/**
 * The roadmap's vocabulary (RF §2–§4, §9). Every date is a `YYYY-MM-DD` string (calendar day, no
 * time zone), as everywhere else in Meridian; the maths works in UTC days.
 */

/** Date range of the roadmap (RF §4). */
export type TimeframeRangeType = 'CURRENT_QUARTER' | 'CURRENT_YEAR' | 'THREE_YEARS';

/** Unit of one timeline column. */
export type PresetType = 'QUARTERS' | 'MONTHS' | 'WEEKS';

/** 0 = Sunday … 6 = Saturday (the instance's `first_day_of_week`, default 0). */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** One timeline column: the first and last day it covers, both inclusive. */
export interface TimeframeCell {
  start: string;
  end: string;
}

/** The columns of a roadmap and the whole span they cover. */
export interface Timeframe {
  rangeType: TimeframeRangeType;
  preset: PresetType;
  cells: TimeframeCell[];
  /** First day of the first cell. */
  start: string;
  /** Last day of the last cell. */
  end: string;
}

/** A header column's text: main label and, for weeks, the sub-day numbers. */
export interface TimeframeHeaderItem {
  /** e.g. 'Q1 2027', 'Q2', 'Jan 2027', 'Feb', 'Nov 22' */
  label: string;
  /** For the WEEKS preset: the 7 day-of-month numbers of the week; empty otherwise. */
  subDays: number[];
  /** Whether today falls in this cell. */
  containsToday: boolean;
}

/** Something drawn on the timeline (epic or milestone); null dates are undefined ends. */
export interface TimelineItemDates {
  startDate: string | null;
  dueDate: string | null;
}

/**
 * Where an item's bar sits, in cell units: `left` is the offset from the timeline start and `width`
 * the length, both in (fractional) cells, so the view multiplies by its cell width.
 */
export interface BarGeometry {
  /** Index of the cell the (clamped) start falls in: the bar is drawn "in the epic's start cell". */
  startCellIndex: number;
  left: number;
  width: number;
  /** Start was before the timeframe (clamped to its first day). */
  startOutOfRange: boolean;
  /** End was after the timeframe (clamped to its last day). */
  endOutOfRange: boolean;
  /** Start date was missing and the timeframe start was used. */
  startUndefined: boolean;
  /** Due date was missing and the timeframe end was used. */
  endUndefined: boolean;
}

/** How an item's date range is moved or resized by drag or keyboard. */
export type BarEdit = 'move' | 'resize-start' | 'resize-end';

/** Progress tracking mode (RF §4). */
export type ProgressTracking = 'WEIGHT' | 'COUNT';

/** Which milestones the roadmap shows (RF §4). */
export type MilestonesType = 'ALL' | 'GROUP' | 'SUBGROUP' | 'PROJECT';

/** Which epics the roadmap shows (RF §4). */
export type EpicsState = 'all' | 'opened' | 'closed';
