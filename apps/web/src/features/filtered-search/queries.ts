import type { SuggestionSource } from '@meridian/domain';

export const filteredSearchKeys = {
  all: ['filtered-search'] as const,
  suggestions: (source: SuggestionSource, kind: 'group' | 'project', fullPath: string, search: string) =>
    ['filtered-search', 'suggestions', source, kind, fullPath, search] as const,
  legacyUser: (id: string) => ['filtered-search', 'legacy-user', id] as const,
};

/** Whether a suggestions key lists the same source in the same namespace (any search text). */
export function sameSuggestionList(
  key: readonly unknown[] | undefined,
  source: SuggestionSource,
  fullPath: string,
): boolean {
  return key?.[1] === 'suggestions' && key[2] === source && key[4] === fullPath;
}
