/**
 * The one date-order rule of issues, epics, milestones, the roadmap and timeframe filters: a start
 * date may not fall after its end (due) date. A missing side puts no bound, so it is in order.
 * Dates are ISO `YYYY-MM-DD` strings, which compare as the days they name. Callers keep their own
 * answer (each field's 400 message, a filtered-out roadmap row).
 */
export function datesInOrder(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || start <= end;
}
