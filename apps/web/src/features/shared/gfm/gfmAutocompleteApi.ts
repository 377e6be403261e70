import type { GfmSource } from '@meridian/domain';
import { apiGet } from '../../../lib/api';

/** Where a Markdown field's suggestions come from: its project or group, and whether its noteable is confidential. */
export interface GfmContext {
  kind: 'project' | 'group';
  path: string;
  /** IE §5 confidential mode: only confidential issues and epics are suggested. */
  confidential?: boolean;
}

/** One suggestion, as the server's `autocomplete_sources` answer it (fields by source). */
export interface GfmSuggestion {
  username?: string;
  name?: string;
  avatar_url?: string | null;
  iid?: number;
  title?: string;
  reference?: string;
  color?: string;
  due_date?: string | null;
  emoji?: string;
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** GitLab's `/<project>/-/autocomplete_sources/<source>` (or the group's): at most 5, the query ≤ 20 characters. */
export function fetchGfmSuggestions(
  context: GfmContext,
  source: GfmSource,
  search: string,
  signal?: AbortSignal,
): Promise<GfmSuggestion[]> {
  const base = context.kind === 'group' ? `/groups/${encodePath(context.path)}` : `/${encodePath(context.path)}`;
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (context.confidential && (source === 'issues' || source === 'epics')) params.set('confidential_only', 'true');
  const query = params.size ? `?${params}` : '';
  return apiGet<GfmSuggestion[]>(`${base}/-/autocomplete_sources/${source}${query}`, signal);
}
