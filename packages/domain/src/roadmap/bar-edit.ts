import { addDays, addMonths } from '../dates/calendar-days';
import type { BarEdit, PresetType } from './types';

/** How far one step of a drag or arrow key moves a date under a preset: a week, a month or a quarter. */
export function unitOf(preset: PresetType): { months: number } | { days: number } {
  switch (preset) {
    case 'WEEKS':
      return { days: 7 };
    case 'MONTHS':
      return { months: 1 };
    case 'QUARTERS':
      return { months: 3 };
  }
}

/** Adds whole units to a date; month steps clamp the day to the target month (Jan 31 + 1 month = Feb 28/29). */
export function shiftDate(date: string, units: number, preset: PresetType): string {
  const unit = unitOf(preset);
  return 'days' in unit ? addDays(date, units * unit.days) : addMonths(date, units * unit.months);
}

/**
 * Moves or resizes a date range by whole units. A resized end never crosses the other one: the start
 * stops at the due date and the due date at the start.
 */
export function applyBarEdit(
  dates: { startDate: string; dueDate: string },
  edit: BarEdit,
  units: number,
  preset: PresetType,
): { startDate: string; dueDate: string } {
  const { startDate, dueDate } = dates;
  if (units === 0) return { startDate, dueDate };
  switch (edit) {
    case 'move':
      return { startDate: shiftDate(startDate, units, preset), dueDate: shiftDate(dueDate, units, preset) };
    case 'resize-start': {
      const shifted = shiftDate(startDate, units, preset);
      return { startDate: shifted > dueDate ? dueDate : shifted, dueDate };
    }
    case 'resize-end': {
      const shifted = shiftDate(dueDate, units, preset);
      return { startDate, dueDate: shifted < startDate ? startDate : shifted };
    }
  }
}

/**
 * Whole units a drag of `deltaCells` cells means: one cell is one unit under every preset (a week, a
 * month, or a quarter = one unit of 3 months). Rounds to the nearest integer, halves away from zero so
 * dragging left and right behave alike; never returns -0, and a non-finite delta is 0.
 */
export function cellsToUnits(deltaCells: number, _preset: PresetType): number {
  if (!Number.isFinite(deltaCells)) return 0;
  const units = Math.sign(deltaCells) * Math.round(Math.abs(deltaCells));
  return units === 0 ? 0 : units;
}
