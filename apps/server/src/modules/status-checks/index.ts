/** The status-checks module's face: all that code outside it may import (modules/README.md). */
export { queueStatusChecks, type StatusCheckEvent } from './status-check-queue';
