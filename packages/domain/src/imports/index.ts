export { formatDuration, type ImportProgress, importProgress, type KindCounters } from './import-progress';
