import { isoDay } from '@meridian/domain';

/** Today's UTC date, `YYYY-MM-DD` (optionally moved by whole days): the server's one clock for `date` columns. */
export function todayIso(plusDays = 0): string {
  return isoDay(new Date(), plusDays);
}
