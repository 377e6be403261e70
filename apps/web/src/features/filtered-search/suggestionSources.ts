import type { SuggestionSource } from '@meridian/domain';
import { textColorFor } from '@meridian/domain';
import { apiGet, withQuery } from '../../lib/api';
import type { BarOption } from './barOptions';

export interface SearchNamespace {
  kind: 'group' | 'project';
  fullPath: string;
  id?: number;
}

type Fetcher = (ns: SearchNamespace, search: string, signal: AbortSignal) => Promise<BarOption[]>;

/** `/groups/acme/-/labels.json` or `/acme/web/-/labels.json` (RF-16…RF-21). */
function pagePath(ns: SearchNamespace, resource: string): string {
  return ns.kind === 'group' ? `/groups/${ns.fullPath}/-/${resource}.json` : `/${ns.fullPath}/-/${resource}.json`;
}

/** The group whose epics a project's bar suggests: the project's parent. */
export function epicsGroupPath(ns: SearchNamespace): string | null {
  if (ns.kind === 'group') return ns.fullPath;
  const slash = ns.fullPath.lastIndexOf('/');
  return slash > 0 ? ns.fullPath.slice(0, slash) : null;
}

/** `group_id` is preferred to `project_id` (RF-12). */
function ownerParam(ns: SearchNamespace): Record<string, string> {
  const id = ns.id === undefined ? ns.fullPath : String(ns.id);
  return ns.kind === 'group' ? { group_id: id } : { project_id: id };
}

const includesText = (search: string, ...values: (string | null | undefined)[]) =>
  values.some((v) => v?.toLowerCase().includes(search.trim().toLowerCase()));

interface UserJson {
  id: number;
  name: string;
  username: string;
  avatar_url?: string | null;
}
interface LabelJson {
  id: number;
  title: string;
  color: string;
  text_color?: string;
}
interface TitleJson {
  title: string;
}
interface ReleaseJson {
  tag: string;
  name?: string | null;
}
interface EmojiJson {
  name: string;
  emoji?: string;
}
interface EpicJson {
  id: number;
  iid: number;
  title: string;
  group_full_path: string;
}
interface IterationJson {
  id: number;
  title: string | null;
  start_date?: string | null;
  due_date?: string | null;
  cadence?: { title: string } | null;
}

const users: Fetcher = async (ns, search, signal) => {
  const path = withQuery('/-/autocomplete/users.json', { search, current_user: 'true', ...ownerParam(ns) });
  const rows = await apiGet<UserJson[]>(path, signal);
  return rows.map((u) => ({
    value: u.username,
    label: u.name,
    secondary: `@${u.username}`,
    avatarUrl: u.avatar_url ?? '',
  }));
};

const labels: Fetcher = async (ns, search, signal) => {
  const query: Record<string, string> = { search, include_ancestor_groups: 'true', per_page: '100' };
  if (ns.kind === 'group') query.include_descendant_groups = 'true';
  const rows = await apiGet<LabelJson[]>(withQuery(pagePath(ns, 'labels'), query), signal);
  return rows.map((l) => ({
    value: l.title,
    label: l.title,
    color: l.color,
    textColor: l.text_color ?? textColorFor(l.color),
  }));
};

// RF §7: milestone titles are filtered on the client.
const milestones: Fetcher = async (ns, search, signal) => {
  const rows = await apiGet<TitleJson[]>(pagePath(ns, 'milestones'), signal);
  return rows.filter((m) => includesText(search, m.title)).map((m) => ({ value: m.title, label: m.title }));
};

const releases: Fetcher = async (ns, search, signal) => {
  const rows = await apiGet<ReleaseJson[]>(withQuery(pagePath(ns, 'releases'), { search }), signal);
  return rows.map((r) => ({ value: r.tag, label: r.tag, secondary: r.name && r.name !== r.tag ? r.name : undefined }));
};

const environments: Fetcher = async (ns, search, signal) => {
  const rows = await apiGet<string[]>(withQuery(pagePath(ns, 'environments'), { search }), signal);
  return rows.map((name) => ({ value: name, label: name }));
};

const awardEmoji: Fetcher = async (_ns, search, signal) => {
  const rows = await apiGet<EmojiJson[]>('/-/autocomplete/award_emojis', signal);
  return rows
    .filter((e) => includesText(search, e.name))
    .map((e) => ({ value: e.name, label: e.emoji ? `${e.emoji} ${e.name}` : e.name }));
};

const branches =
  (which: 'target' | 'source'): Fetcher =>
  async (ns, search, signal) => {
    const path = withQuery(`/-/autocomplete/merge_request_${which}_branches.json`, ownerParam(ns));
    const rows = await apiGet<TitleJson[]>(path, signal);
    return rows.filter((b) => includesText(search, b.title)).map((b) => ({ value: b.title, label: b.title }));
  };

async function fetchEpics(ns: SearchNamespace, search: string, signal?: AbortSignal): Promise<EpicJson[]> {
  const group = epicsGroupPath(ns);
  if (!group) return [];
  const path = withQuery(`/groups/${group}/-/epics.json`, {
    search,
    include_ancestor_groups: 'true',
    include_descendant_groups: 'true',
  });
  return apiGet<EpicJson[]>(path, signal);
}

const epics: Fetcher = async (ns, search, signal) => {
  const rows = await fetchEpics(ns, search, signal);
  // The list APIs filter by the epic's global id (`epic_id`), as GitLab's issue list token does.
  return rows.map((e) => ({ value: String(e.id), label: e.title, secondary: `${e.group_full_path}&${e.iid}` }));
};

// The roadmap filters by iid (`epic_iid`): the value is `group::&iid`, submitted as the bare iid (RF §5).
const epicIids: Fetcher = async (ns, search, signal) => {
  const rows = await fetchEpics(ns, search, signal);
  return rows.map((e) => ({
    value: `${e.group_full_path}::&${e.iid}`,
    label: e.title,
    secondary: `${e.group_full_path}&${e.iid}`,
  }));
};

// A titled iteration filters by title (`iteration_title`), an untitled one by id (`iteration_id`).
const iterations: Fetcher = async (ns, search, signal) => {
  const rows = await apiGet<IterationJson[]>(withQuery(pagePath(ns, 'iterations'), { search }), signal);
  return rows.map((it) => {
    const dates = it.start_date ? `${it.start_date} – ${it.due_date ?? ''}` : '';
    return {
      value: it.title ?? String(it.id),
      label: it.title ?? dates,
      secondary: it.cadence?.title,
    };
  });
};

const none: Fetcher = async () => [];

/** One fetcher per suggestion source (RF-12…RF-21). */
export const SUGGESTION_FETCHERS: Record<SuggestionSource, Fetcher> = {
  users,
  labels,
  milestones,
  releases,
  'award-emoji': awardEmoji,
  'branches-target': branches('target'),
  'branches-source': branches('source'),
  environments,
  epics,
  'epic-iids': epicIids,
  iterations,
  static: none,
};

/** The alert shown when a source fails (RF §8). */
export function suggestionErrorMessage(source: SuggestionSource): string {
  if (source === 'users') return 'There was a problem fetching users.';
  if (source === 'labels') return 'There was a problem fetching labels.';
  if (source === 'epics' || source === 'epic-iids') return 'There was a problem fetching epics.';
  return 'An error occurred fetching the dropdown data.';
}
