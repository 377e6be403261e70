/** The time-tracking module's face: all that code outside it may import (modules/README.md). */
export { timeSpentByIssue, timeSpentOfIssues } from './time-spent-sql';
export { presentTimeStats } from './time-stats.presenter';
export { addSpentTime, resetSpentTime, setTimeEstimate } from './time-tracking.service';
export { listIssueTimelogs, type TimelogRow } from './timelogs.service';
