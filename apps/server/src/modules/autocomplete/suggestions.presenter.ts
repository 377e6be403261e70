import { textColorFor } from '@meridian/domain';
import type { AppContext } from '../../context';
import type { EpicRow } from '../epics';
import type { IterationListRow } from '../iterations';
import { iterationState } from '../iterations';
import type { LabelRow } from '../labels';
import { webUrl } from '../namespaces';
import type { UserRow } from '../users';
import type { MilestoneSuggestionRow } from './milestone-suggestions.service';

type Ctx = Pick<AppContext, 'config'>;

/** The JSON of each suggestion kind, in GitLab's field names (see docs/API.md, "Suggestions"). */
export const suggestionPresenter = {
  user: (ctx: Ctx, u: UserRow) => ({
    id: u.id,
    name: u.name,
    username: u.username,
    avatar_url: u.avatar_url,
    state: u.state,
    web_url: webUrl(ctx, u.username),
  }),

  label: (l: LabelRow) => ({
    id: l.id,
    title: l.title,
    color: l.color,
    text_color: textColorFor(l.color),
    description: l.description || null,
  }),

  milestone: (ctx: Ctx, m: MilestoneSuggestionRow) => ({
    id: m.id,
    iid: m.iid,
    title: m.title,
    due_date: m.due_date,
    start_date: m.start_date,
    state: m.state,
    web_url: webUrl(ctx, `${m.is_group ? 'groups/' : ''}${m.container_path}/-/milestones/${m.iid}`),
  }),

  /** `reference` is relative to the group the list was asked for: `&3` there, `other/group&3` elsewhere. */
  epic: (ctx: Ctx, e: EpicRow, fromGroupId: number) => ({
    id: e.id,
    iid: e.iid,
    title: e.title,
    state: e.state,
    group_id: e.group_id,
    group_full_path: e.group_full_path,
    reference: e.group_id === fromGroupId ? `&${e.iid}` : `${e.group_full_path}&${e.iid}`,
    web_url: webUrl(ctx, `groups/${e.group_full_path}/-/epics/${e.iid}`),
  }),

  iteration: (it: IterationListRow, today: string) => ({
    id: it.id,
    iid: it.iid,
    title: it.title,
    start_date: it.start_date,
    due_date: it.due_date,
    state: iterationState(it.start_date, it.due_date, today),
    cadence: { id: it.iterations_cadence_id, title: it.cadence_title },
  }),
};
