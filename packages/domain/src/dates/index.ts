export * from './calendar-days';
export { datesInOrder } from './date-order';
export { isoDay, isValidIsoDate, isValidIsoDateTime } from './iso-date';
