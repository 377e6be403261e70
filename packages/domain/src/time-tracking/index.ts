export { formatDuration, MAX_DURATION_SECONDS, MAX_DURATION_TEXT, parseDuration } from './duration';
