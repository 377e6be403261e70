/** The changes module's face: all that code outside it may import (modules/README.md). */
export { epicChangeTarget, epicSnapshot } from './epic-change-target';
export { issueChangeTarget, issueRowChangeTarget, issueSnapshot } from './issue-change-target';
export { mergeRequestChangeTarget, mergeRequestSnapshot } from './merge-request-change-target';
export { recordChange } from './record-change';
