export { formatTimeLeft, type ImportProgress, importProgress, type KindCounters } from './import-progress';
export * from './redmine-mapping';
