/** A query string (with or without `?` and `#anchor`) or parameters → parameters; `+` reads as a space. */
export function toSearchParams(query: string | URLSearchParams): URLSearchParams {
  if (typeof query !== 'string') return query;
  const withoutAnchor = query.split('#', 1)[0] ?? '';
  return new URLSearchParams(withoutAnchor.replace(/^\?/, ''));
}
