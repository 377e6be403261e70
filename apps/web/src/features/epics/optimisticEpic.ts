import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What an optimistic edit replaced in a detail cache, for `restoreDetail` to put back. */
export type DetailBefore<T> = { previous: T | undefined };

/**
 * An optimistic edit of an epic's page (the sidebar's fields, close and reopen): stops the detail's
 * fetch in flight (its answer would undo the edit) and shows `patch` at once. The issue page keeps
 * its own copy (`useIssueFieldUpdate`): a module shared with it would be one more script in its
 * first load (bench/first-load.ts).
 */
export async function patchDetail<T extends object>(
  client: QueryClient,
  key: QueryKey,
  patch: Partial<T>,
): Promise<DetailBefore<T>> {
  await client.cancelQueries({ queryKey: key, exact: true });
  const previous = client.getQueryData<T>(key);
  if (previous) client.setQueryData<T>(key, { ...previous, ...patch });
  return { previous };
}

/** A refused optimistic edit: puts back what `patchDetail` replaced. */
export function restoreDetail<T>(client: QueryClient, key: QueryKey, before: DetailBefore<T> | undefined) {
  if (before?.previous) client.setQueryData(key, before.previous);
}
