import { useQuery } from '@tanstack/react-query';
import { fetchReferenceCard, type ReferenceTarget } from './referenceCardApi';

export const referenceKeys = {
  all: ['references'] as const,
  card: (target: ReferenceTarget) =>
    ['references', 'card', target.type, target.path.toLowerCase(), target.iid] as const,
};

/** A reference link's hover card, under the reader's permissions; a refusal is not retried. */
export function useReferenceCard(target: ReferenceTarget) {
  return useQuery({
    queryKey: referenceKeys.card(target),
    queryFn: ({ signal }) => fetchReferenceCard(target, signal),
    staleTime: 60_000,
    retry: false,
  });
}
