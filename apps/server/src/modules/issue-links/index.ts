/** The issue-links module's face: all that code outside it may import (modules/README.md). */
export { createIssueLink, readableOpenIssueBlockers } from './issue-links.service';
export { type IssueTarget, issueTargetFromWord, issueTargetsFromReferences } from './issue-references';
