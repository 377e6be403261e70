/** GitLab's limits: a path segment (group or project path) is at most 255 characters. */
export const MAX_PATH_SEGMENT_LENGTH = 255;
/** A whole full path ('acme/platform/web'); 2,048 leaves room for 8 segments of 255. */
export const MAX_FULL_PATH_LENGTH = 2048;

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** `s` without leading and trailing slashes, by index (a regex here backtracks quadratically: H1). */
export function trimSlashes(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) === 47) start++;
  while (end > start && s.charCodeAt(end - 1) === 47) end--;
  return s.slice(start, end);
}

/**
 * The one rule for a full path given by a client (REST `:id`, GraphQL `fullPath`/`groupPath`):
 * at most 2,048 characters, non-empty segments of at most 255 letters, digits, '_', '-' or '.'
 * (a leading or trailing slash is tolerated). Length is checked first, so the scan is bounded.
 */
export function isValidFullPath(fullPath: string): boolean {
  if (fullPath.length === 0 || fullPath.length > MAX_FULL_PATH_LENGTH) return false;
  const trimmed = trimSlashes(fullPath);
  if (trimmed.length === 0) return false;
  return trimmed.split('/').every((segment) => segment.length <= MAX_PATH_SEGMENT_LENGTH && SEGMENT.test(segment));
}
