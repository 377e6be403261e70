import { daysBetween } from '../dates/calendar-days';
import type { Timeframe } from './types';

/** Where a day falls in a timeframe: its cell, its index inside that cell and the cell's length in days. */
export interface DayInTimeframe {
  cellIndex: number;
  dayIndexInCell: number;
  daysInCell: number;
}

/** Locates a day among the timeframe's cells; null when it lies outside them. */
export function locateDay(tf: Timeframe, date: string): DayInTimeframe | null {
  if (date < tf.start || date > tf.end) return null;
  let low = 0;
  let high = tf.cells.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const cell = tf.cells[mid]!;
    if (date < cell.start) high = mid - 1;
    else if (date > cell.end) low = mid + 1;
    else {
      return {
        cellIndex: mid,
        dayIndexInCell: daysBetween(cell.start, date),
        daysInCell: daysBetween(cell.start, cell.end) + 1,
      };
    }
  }
  return null;
}

/** Position of the start of a day, in fractional cells from the timeline start. */
export function dayStartPosition(at: DayInTimeframe): number {
  return at.cellIndex + at.dayIndexInCell / at.daysInCell;
}

/** Position of the end of a day (the start of the next one), in fractional cells. */
export function dayEndPosition(at: DayInTimeframe): number {
  return at.cellIndex + (at.dayIndexInCell + 1) / at.daysInCell;
}
