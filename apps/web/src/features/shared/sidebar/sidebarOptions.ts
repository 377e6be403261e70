import { apiGet, apiPath, encodeId, withQuery } from '../../../lib/api';
import type { LabelDetail, UserSummary } from '../../../lib/types';

/** The choices the issue and epic sidebars' pickers offer, read from GitLab's REST and page-JSON calls. */
export interface PickerOption {
  /** What the issue stores: a label title, a user, milestone or iteration id. */
  id: string;
  text: string;
  secondary?: string;
  color?: string;
  textColor?: string;
  avatar?: UserSummary;
  /** Options with a group are listed under its heading (iterations by cadence). */
  group?: string;
}

type LabelJson = LabelDetail & { title?: string };

function toLabelOption(l: LabelJson): PickerOption {
  const title = l.title ?? l.name;
  return { id: title, text: title, secondary: l.description ?? undefined, color: l.color, textColor: l.text_color };
}

export async function labelOptions(projectPath: string, search: string, signal: AbortSignal): Promise<PickerOption[]> {
  const rows = await apiGet<LabelJson[]>(
    apiPath(`/projects/${encodeId(projectPath)}/labels`, { search, include_ancestor_groups: true, per_page: 100 }),
    signal,
  );
  return rows.map(toLabelOption);
}

/** An epic's choices: the labels of its group and the group's ancestors (IE §2.3: group-scoped). */
export async function groupLabelOptions(groupPath: string, search: string, signal: AbortSignal) {
  const rows = await apiGet<LabelJson[]>(
    apiPath(`/groups/${encodeId(groupPath)}/labels`, {
      search,
      include_ancestor_groups: true,
      include_descendant_groups: false,
      only_group_labels: true,
      per_page: 100,
    }),
    signal,
  );
  return rows.map(toLabelOption);
}

export async function userOptions(projectPath: string, search: string, signal: AbortSignal): Promise<PickerOption[]> {
  const rows = await apiGet<UserSummary[]>(
    withQuery('/-/autocomplete/users.json', { search, project_id: projectPath, current_user: true }),
    signal,
  );
  return rows.map((u) => ({ id: String(u.id), text: u.name, secondary: `@${u.username}`, avatar: u }));
}

interface MilestoneJson {
  id: number;
  title: string;
  due_date?: string | null;
}

export async function milestoneOptions(projectPath: string, search: string, signal: AbortSignal) {
  const rows = await apiGet<MilestoneJson[]>(
    apiPath(`/projects/${encodeId(projectPath)}/milestones`, {
      state: 'active',
      include_ancestors: true,
      search,
      per_page: 100,
    }),
    signal,
  );
  return rows.map((m): PickerOption => ({ id: String(m.id), text: m.title, secondary: m.due_date ?? undefined }));
}

/** `Jan 1 – Jan 14, 2026`: how GitLab names an iteration without a title. */
export function iterationText(it: { title?: string | null; start_date?: string | null; due_date?: string | null }) {
  return it.title || `${it.start_date ?? '?'} – ${it.due_date ?? '?'}`;
}

interface EpicJson {
  id: number;
  iid: number;
  title: string;
  references?: { full?: string };
}

/** Open epics of the project's group and its ancestors, searched by title (IE §5: epics by title). */
export async function epicOptions(projectPath: string, search: string, signal: AbortSignal): Promise<PickerOption[]> {
  const groupPath = projectPath.split('/').slice(0, -1).join('/');
  const rows = await apiGet<EpicJson[]>(
    apiPath(`/groups/${encodeId(groupPath)}/epics`, {
      search,
      state: 'opened',
      include_ancestor_groups: true,
      include_descendant_groups: false,
      per_page: 20,
    }),
    signal,
  );
  return rows.map((e) => ({ id: String(e.id), text: e.title, secondary: e.references?.full ?? `&${e.iid}` }));
}
