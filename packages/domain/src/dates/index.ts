export * from './calendar-days';
export { isoDay, isValidIsoDate, isValidIsoDateTime } from './iso-date';
