/** The quick-actions module's face: all that code outside it may import (modules/README.md). */
export { acceptsQuickAction } from './commands/command-table';
export { applyQuickActions } from './noteable-quick-actions';
export {
  explainMergeRequestQuickActions,
  explainQuickActions,
  type QuickActionsOutcome,
} from './quick-actions.service';
export {
  createIssueWithQuickActions,
  createMergeRequestWithQuickActions,
  presentCommandsOnly,
  updateIssueWithQuickActions,
  updateMergeRequestWithQuickActions,
  withCommandsChanges,
} from './quick-actions-writes';
