import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { filteredSearchKeys } from './queries';
import { type SearchNamespace, SUGGESTION_FETCHERS } from './suggestionSources';
import type { ChipLabelColor } from './TokenChip';

/** Label colours by lower-cased title, for drawing label tokens (shares the label suggestions' cache). */
export function useLabelColorMap(namespace: SearchNamespace, enabled: boolean): ReadonlyMap<string, ChipLabelColor> {
  const query = useQuery({
    enabled,
    queryKey: filteredSearchKeys.suggestions('labels', namespace.kind, namespace.fullPath, ''),
    queryFn: ({ signal }) => SUGGESTION_FETCHERS.labels(namespace, '', signal),
    staleTime: 30_000,
    retry: false,
  });
  return useMemo(
    () =>
      new Map(
        (query.data ?? []).map((option) => [
          option.value.toLowerCase(),
          { color: option.color ?? '#dcdcde', textColor: option.textColor ?? '#1f1e24' },
        ]),
      ),
    [query.data],
  );
}
