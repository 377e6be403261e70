/** The milestones module's face: all that code outside it may import (modules/README.md). */
export { isoDate } from './milestone-params';
export { listMilestones, type MilestoneRow } from './milestones.service';
export { milestoneRowsByIds } from './milestones-by-id';
