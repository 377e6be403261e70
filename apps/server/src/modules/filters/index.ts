/** The filters module's face: all that code outside it may import (modules/README.md). */
export { milestoneCondition, releaseCondition } from './milestone-filter-sql';
export { myReactionCondition } from './reaction-filter-sql';
export { searchCondition } from './search-filter-sql';
