export { isValidColor, normalizeColor, textColorFor } from './color';
export { exclusiveScopedLabels } from './exclusive-scoped-labels';
export { namedColors } from './named-colors';
export { isScopedLabel, parseScopedLabel, type ScopedLabel } from './parse-scoped-label';
