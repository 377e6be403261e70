export { isValidColor, normalizeColor, textColorFor } from './color';
export { namedColors } from './named-colors';
export { isScopedLabel, parseScopedLabel, type ScopedLabel } from './parse-scoped-label';
