export { isValidColor, normalizeColor, textColorFor } from './color';
export { AA_CONTRAST, contrastRatio, relativeLuminance } from './contrast';
export { exclusiveScopedLabels } from './exclusive-scoped-labels';
export { namedColors } from './named-colors';
export { isScopedLabel, parseScopedLabel, type ScopedLabel } from './parse-scoped-label';
