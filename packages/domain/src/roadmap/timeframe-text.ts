import { MONTH_SHORT_NAMES, splitDate } from '../dates/calendar-days';
import type { TimelineItemDates } from './types';

/** 'Jan 5, 2026' (English short month names, independent of the browser's locale). */
export function formatRoadmapDate(date: string): string {
  const { year, month, day } = splitDate(date);
  return `${MONTH_SHORT_NAMES[month - 1]} ${day}, ${year}`;
}

/** An item's date range as shown in its row and popover (RF §2); the separator is ' – ' (en dash). */
export function timeframeText(item: TimelineItemDates): string {
  const { startDate, dueDate } = item;
  if (!startDate && !dueDate) return 'No start and end date';
  if (!startDate) return `No start date – ${formatRoadmapDate(dueDate!)}`;
  if (!dueDate) return `${formatRoadmapDate(startDate)} – No end date`;
  return `${formatRoadmapDate(startDate)} – ${formatRoadmapDate(dueDate)}`;
}
