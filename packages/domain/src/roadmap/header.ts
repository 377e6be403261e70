import { addDays, MONTH_SHORT_NAMES, quarterOf, splitDate } from '../dates/calendar-days';
import { locateDay } from './timeframe-position';
import type { Timeframe, TimeframeCell, TimeframeHeaderItem } from './types';

function monthName(month: number): string {
  return MONTH_SHORT_NAMES[month - 1]!;
}

function cellLabel(tf: Timeframe, cell: TimeframeCell, previous: TimeframeCell | undefined): string {
  const { year, month, day } = splitDate(cell.start);
  switch (tf.preset) {
    case 'QUARTERS': {
      const quarter = quarterOf(cell.start);
      return !previous || quarter === 1 ? `Q${quarter} ${year}` : `Q${quarter}`;
    }
    case 'MONTHS':
      return !previous || month === 1 ? `${monthName(month)} ${year}` : monthName(month);
    case 'WEEKS': {
      const newYear = !previous || splitDate(previous.start).year !== year;
      return newYear ? `${monthName(month)} ${day}, ${year}` : `${monthName(month)} ${day}`;
    }
  }
}

function subDays(tf: Timeframe, cell: TimeframeCell): number[] {
  if (tf.preset !== 'WEEKS') return [];
  return Array.from({ length: 7 }, (_, i) => splitDate(addDays(cell.start, i)).day);
}

/**
 * The header columns (RF §9): 'Q3 2025', 'Q4', 'Q1 2026' …; 'Nov 2025', 'Dec', 'Jan 2026' …; and for
 * weeks 'Nov 23, 2025', 'Nov 30', … 'Jan 4, 2026' (the year on the first week and on the first week
 * that starts in a new year) with the week's 7 day-of-month numbers.
 */
export function timeframeHeaderItems(tf: Timeframe, today: string): TimeframeHeaderItem[] {
  return tf.cells.map((cell, i) => ({
    label: cellLabel(tf, cell, tf.cells[i - 1]),
    subDays: subDays(tf, cell),
    containsToday: cell.start <= today && today <= cell.end,
  }));
}

/**
 * The current-day indicator: the cell holding today and today's middle as a fraction of that cell
 * (0 ≤ offset < 1); null when today is outside the timeframe.
 */
export function todayMarker(tf: Timeframe, today: string): { cellIndex: number; offset: number } | null {
  const at = locateDay(tf, today);
  return at ? { cellIndex: at.cellIndex, offset: (at.dayIndexInCell + 0.5) / at.daysInCell } : null;
}
