import { dayEndPosition, dayStartPosition, locateDay } from './timeframe-position';
import type { BarGeometry, Timeframe, TimelineItemDates } from './types';

/**
 * Where an epic's or milestone's bar sits on the timeline (RF §4), in fractional cells measured by
 * days; null when the item is dropped (start after due, or entirely outside the timeframe). Missing
 * dates default to the timeframe's edges; dates beyond them are clamped. The bar covers its end day.
 */
export function barGeometry(item: TimelineItemDates, tf: Timeframe): BarGeometry | null {
  const start = item.startDate ?? tf.start;
  const due = item.dueDate ?? tf.end;
  if (start > due || due < tf.start || start > tf.end) return null;

  const startOutOfRange = start < tf.start;
  const endOutOfRange = due > tf.end;
  const from = locateDay(tf, startOutOfRange ? tf.start : start);
  const to = locateDay(tf, endOutOfRange ? tf.end : due);
  if (!from || !to) return null;

  const left = dayStartPosition(from);
  return {
    startCellIndex: from.cellIndex,
    left,
    width: dayEndPosition(to) - left,
    startOutOfRange,
    endOutOfRange,
    startUndefined: item.startDate === null || item.startDate === undefined,
    endUndefined: item.dueDate === null || item.dueDate === undefined,
  };
}

/** Whether the item is drawn at all on this timeframe. */
export function isWithinTimeframe(item: TimelineItemDates, tf: Timeframe): boolean {
  return barGeometry(item, tf) !== null;
}
