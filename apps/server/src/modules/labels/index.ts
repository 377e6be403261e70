/** The labels module's face: all that code outside it may import (modules/README.md). */
export { cleanLabelTitles, findOrCreateLabels } from './find-or-create-labels';
export { ancestorGroupIds, containerSubject, type LabelContainer, ownAndAncestorRows } from './label-container';
export { presentLabelSummary } from './labels.presenter';
export { type LabelRow, listLabels } from './labels.service';
export { type LabelScopeOptions, labelScope } from './labels-query';
