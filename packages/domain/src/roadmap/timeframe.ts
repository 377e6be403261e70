import {
  addDays,
  addMonths,
  endOfMonth,
  endOfQuarter,
  joinDate,
  splitDate,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
} from '../dates/calendar-days';
import type { PresetType, Timeframe, TimeframeCell, TimeframeRangeType, WeekStart } from './types';

const RANGE_TYPES: readonly TimeframeRangeType[] = ['CURRENT_QUARTER', 'CURRENT_YEAR', 'THREE_YEARS'];

const PRESETS: Record<TimeframeRangeType, readonly PresetType[]> = {
  CURRENT_QUARTER: ['WEEKS'],
  CURRENT_YEAR: ['MONTHS', 'WEEKS'],
  THREE_YEARS: ['QUARTERS', 'MONTHS', 'WEEKS'],
};

const DEFAULT_PRESET: Record<TimeframeRangeType, PresetType> = {
  CURRENT_QUARTER: 'WEEKS',
  CURRENT_YEAR: 'MONTHS',
  THREE_YEARS: 'QUARTERS',
};

/** The presets a date range offers, in display order (RF §4). */
export function presetsFor(range: TimeframeRangeType): PresetType[] {
  return [...PRESETS[range]];
}

/** The preset a date range starts with (RF §4). */
export function defaultPresetFor(range: TimeframeRangeType): PresetType {
  return DEFAULT_PRESET[range];
}

function normalized(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

/** Reads a range type (case-insensitive); unknown or missing → 'CURRENT_QUARTER'. */
export function parseTimeframeRangeType(value: string | null | undefined): TimeframeRangeType {
  const upper = normalized(value);
  return RANGE_TYPES.find((range) => range === upper) ?? 'CURRENT_QUARTER';
}

/** Reads a preset (case-insensitive); unknown or not offered by the range → the range's default. */
export function parsePresetType(value: string | null | undefined, range: TimeframeRangeType): PresetType {
  const upper = normalized(value);
  return PRESETS[range].find((preset) => preset === upper) ?? DEFAULT_PRESET[range];
}

/** Reads the instance's `first_day_of_week` (0–6, number or numeric string); anything else → 0 (Sunday). */
export function weekStartFrom(value: unknown): WeekStart {
  let n: number | undefined;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) n = Number(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 && n <= 6 ? (n as WeekStart) : 0;
}

/** The weeks (beginning on `weekStart`) covering `from`…`to`. */
function weekCells(from: string, to: string, weekStart: WeekStart): TimeframeCell[] {
  const cells: TimeframeCell[] = [];
  for (let start = startOfWeek(from, weekStart); start <= to; start = addDays(start, 7)) {
    cells.push({ start, end: addDays(start, 6) });
  }
  return cells;
}

/** Consecutive cells of `months` months each, from `from` (a cell's first day) through the one holding `to`. */
function monthCells(from: string, to: string, months: number): TimeframeCell[] {
  const cells: TimeframeCell[] = [];
  for (let start = from; start <= to; start = addMonths(start, months)) {
    cells.push({ start, end: endOfMonth(addMonths(start, months - 1)) });
  }
  return cells;
}

/** The span a range covers, before it is cut into cells. */
function rangeSpan(range: TimeframeRangeType, today: string): { from: string; to: string } {
  switch (range) {
    case 'CURRENT_QUARTER':
      return { from: startOfQuarter(today), to: endOfQuarter(today) };
    case 'CURRENT_YEAR': {
      const { year } = splitDate(today);
      return { from: joinDate(year, 1, 1), to: joinDate(year, 12, 31) };
    }
    case 'THREE_YEARS': {
      const month = startOfMonth(today);
      return { from: addMonths(month, -18), to: endOfMonth(addMonths(month, 17)) };
    }
  }
}

function cellsFor(preset: PresetType, from: string, to: string, weekStart: WeekStart): TimeframeCell[] {
  switch (preset) {
    case 'WEEKS':
      return weekCells(from, to, weekStart);
    case 'MONTHS':
      return monthCells(startOfMonth(from), to, 1);
    case 'QUARTERS':
      return monthCells(startOfQuarter(from), to, 3);
  }
}

/**
 * The columns of the roadmap for a date range and preset on `today` (RF §4). A preset the range does
 * not offer is replaced by the range's default.
 */
export function buildTimeframe(
  range: TimeframeRangeType,
  preset: PresetType,
  today: string,
  weekStart: WeekStart = 0,
): Timeframe {
  const usedPreset = PRESETS[range].includes(preset) ? preset : DEFAULT_PRESET[range];
  const { from, to } = rangeSpan(range, today);
  const cells = cellsFor(usedPreset, from, to, weekStart);
  const first = cells[0]!;
  const last = cells[cells.length - 1]!;
  return { rangeType: range, preset: usedPreset, cells, start: first.start, end: last.end };
}
