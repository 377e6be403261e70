const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayNumber(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}

/**
 * A `YYYY-MM-DD` due date as lists show it (RF §9): Today, Tomorrow, Yesterday, the weekday name
 * within the next 6 days, otherwise `Mar 1, 2026`. Compared with `now`'s local calendar day.
 */
export function dueDateText(due: string, now: Date = new Date()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(due);
  if (!match) return due;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const diff = dayNumber(year, month, day) - dayNumber(now.getFullYear(), now.getMonth() + 1, now.getDate());
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  if (diff > 1 && diff <= 6) return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? due;
  return `${MONTHS[month - 1] ?? ''} ${day}, ${year}`;
}
