import type { TokenDefinition } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import type { BarOption } from './barOptions';
import { filteredSearchKeys, sameSuggestionList } from './queries';
import { type SearchNamespace, SUGGESTION_FETCHERS, suggestionErrorMessage } from './suggestionSources';
import { useDebouncedValue } from './useDebouncedValue';

/** RF §9: suggestion fetch debounce. */
export const SUGGESTION_DEBOUNCE_MS = 200;

const WEIGHTS: BarOption[] = Array.from({ length: 21 }, (_, n) => ({ value: String(n), label: String(n) }));

export interface ValueSuggestions {
  options: BarOption[];
  loading: boolean;
  error: string | null;
}

/** Fetched suggestions for the key being typed (200 ms after the last keystroke). */
export function useValueSuggestions(
  def: TokenDefinition | null,
  text: string,
  namespace: SearchNamespace,
  currentUser?: { username: string; name: string; avatar_url?: string },
): ValueSuggestions {
  const source = def?.suggestions ?? 'static';
  const typed = def ? text.trim().replace(/^["'@~%&]+|["']$/g, '') : '';
  // Keyed by source so a new key's list is not fetched with the text typed for the previous one; the
  // empty search of a freshly opened value list goes out at once, typing waits 200 ms (RF §9).
  const debounced = useDebouncedValue(`${source}\n${typed}`, SUGGESTION_DEBOUNCE_MS);
  const [debouncedSource, debouncedText = ''] = debounced.split('\n');
  const search = typed === '' ? '' : debouncedSource === source ? debouncedText : '';
  const query = useQuery({
    enabled: def !== null && source !== 'static',
    queryKey: filteredSearchKeys.suggestions(source, namespace.kind, namespace.fullPath, search),
    queryFn: ({ signal }) => SUGGESTION_FETCHERS[source](namespace, search, signal),
    staleTime: 30_000,
    retry: false,
    // While the next search of the same source loads, its last results stay (filtered by the typed text).
    placeholderData: (previous, previousQuery) =>
      sameSuggestionList(previousQuery?.queryKey, source, namespace.fullPath) ? previous : undefined,
  });
  if (!def) return { options: [], loading: false, error: null };
  if (def.type === 'weight') {
    // RF §5: 0 to 20, or the typed whole number.
    const typed = /^\d+$/.test(text.trim()) ? [{ value: text.trim(), label: text.trim() }] : [];
    return { options: [...typed, ...WEIGHTS], loading: false, error: null };
  }
  let options = query.data ?? [];
  if (def.type === 'author' && currentUser) {
    const me: BarOption = {
      value: currentUser.username,
      label: currentUser.name,
      secondary: `@${currentUser.username}`,
      avatarUrl: currentUser.avatar_url ?? '',
    };
    options = [me, ...options.filter((o) => o.value !== me.value)];
  }
  return {
    options,
    loading: source !== 'static' && query.isFetching,
    error: query.isError ? suggestionErrorMessage(source) : null,
  };
}
