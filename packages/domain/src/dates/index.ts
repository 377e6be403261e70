export { isValidIsoDate, isValidIsoDateTime } from './iso-date';
