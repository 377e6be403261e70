export interface ScopedLabel {
  /** Everything before the last `::` (may itself contain `::`). */
  scope: string;
  /** Everything after the last `::`. */
  value: string;
}

/**
 * Splits a scoped label title `key::value` at its LAST `::`, as GitLab does.
 * `priority::high` → { scope: 'priority', value: 'high' }; `a::b::c` → { scope: 'a::b', value: 'c' };
 * `plain`, `::x`, `x::` → null (not scoped).
 */
export function parseScopedLabel(title: string): ScopedLabel | null {
  const at = title.lastIndexOf('::');
  if (at <= 0) return null;
  const scope = title.slice(0, at);
  const value = title.slice(at + 2);
  if (!scope.trim() || !value.trim()) return null;
  return { scope, value };
}

/** True when the title is a scoped label (`key::value`). */
export function isScopedLabel(title: string): boolean {
  return parseScopedLabel(title) !== null;
}
