/** The analytics module's face: all that code outside it may import (modules/README.md). */
export { listCodeReview } from './code-review.service';
export { GROUP_ACTIVITY_DAYS, type GroupActivityCount, groupActivityCount } from './group-activity.service';
