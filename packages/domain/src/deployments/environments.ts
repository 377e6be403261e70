/** GitLab's environment tiers, in its order. */
export const ENVIRONMENT_TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;
export type EnvironmentTier = (typeof ENVIRONMENT_TIERS)[number];

/**
 * The tier GitLab guesses from an environment's name when none is given (Environment#guess_tier),
 * checked in the same order: development, testing, staging, production, else other.
 */
export function guessEnvironmentTier(name: string): EnvironmentTier {
  if (/dev|review|trunk/i.test(name)) return 'development';
  if (/test|tst|int|ac(?:ce)?pt|qa|qc|control|quality/i.test(name)) return 'testing';
  if (/sta?g|mode?l|pre|demo|non/i.test(name)) return 'staging';
  if (/pro?d|live/i.test(name)) return 'production';
  return 'other';
}

/** Letters, digits, spaces and `-_/${}.`, not starting or ending with `/` (GitLab's environment name). */
export function isValidEnvironmentName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  if (name.startsWith('/') || name.endsWith('/')) return false;
  return /^[a-zA-Z0-9 _/${}.-]+$/.test(name);
}

/** GitLab's message for a bad environment name. */
export const ENVIRONMENT_NAME_MESSAGE =
  "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', and spaces, but it cannot start or end with '/'";

const SLUG_MAX = 24;
const SUFFIX_LENGTH = 6;

function suffixOf(name: string): string {
  // FNV-1a over the name, in base 36: stable, so the same name always gets the same slug.
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(SUFFIX_LENGTH, '0').slice(-SUFFIX_LENGTH);
}

/**
 * GitLab's environment slug (Gitlab::Slug::Environment): lowercase, runs of other characters become
 * `-`, it starts with a letter (`env-` prefixed otherwise), at most 24 characters; when any of that
 * changed the name, a 6-character suffix keeps different names apart.
 */
export function environmentSlug(name: string): string {
  let slug = name.toLowerCase().replace(/[^a-z0-9]/g, '-');
  if (!/^[a-z]/.test(slug)) slug = `env-${slug}`;
  slug = slug.replace(/-{2,}/g, '-');
  if (slug === name && slug.length <= SLUG_MAX && !slug.endsWith('-')) return slug;
  slug = slug.slice(0, SLUG_MAX - SUFFIX_LENGTH - 1).replace(/-+$/, '');
  return `${slug}-${suffixOf(name)}`;
}
