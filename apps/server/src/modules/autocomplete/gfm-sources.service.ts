import { buildReferences } from '@meridian/domain';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { findGroupRow } from '../namespaces';
import { suggestAwardEmoji } from './award-emoji-suggestions.service';
import { suggestEpics } from './epic-suggestions.service';
import type { GfmSourceName, GfmSourceParams } from './gfm-sources-params';
import { suggestIssues, suggestMergeRequests } from './issuable-suggestions.service';
import { suggestLabels } from './label-suggestions.service';
import { suggestMilestones } from './milestone-suggestions.service';
import type { SuggestionContainer } from './suggestion-container';
import { suggestionPresenter } from './suggestions.presenter';
import { suggestUsers } from './users-autocomplete.service';

type Ctx = Pick<AppContext, 'config'>;

const contextPath = (c: SuggestionContainer) => (c.kind === 'project' ? c.project.full_path : c.group.full_path);

/**
 * The Markdown autocomplete's suggestions of one source in a readable project or group, each
 * through the source's own suggestion service (permissions are theirs, from the policy's SQL
 * scopes), at most `per_page`. References are relative to the container, ready to insert.
 */
export async function gfmSuggestions(
  ctx: Ctx,
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer,
  source: GfmSourceName,
  q: GfmSourceParams,
): Promise<unknown[]> {
  const search = q.search || undefined;
  const limit = q.per_page;
  switch (source) {
    case 'members': {
      const users = await suggestUsers(db, actor, container, {
        search,
        states: ['active'],
        currentUserFirst: false,
        limit,
      });
      return users.map((u) => ({ type: 'User', username: u.username, name: u.name, avatar_url: u.avatar_url }));
    }
    case 'issues':
    case 'merge_requests': {
      const find = source === 'issues' ? suggestIssues : suggestMergeRequests;
      const sigil = source === 'issues' ? '#' : '!';
      const rows = await find(db, actor, container, { search, confidentialOnly: q.confidential_only, limit });
      return rows.map((r) => ({
        iid: r.iid,
        title: r.title,
        ...(source === 'issues' ? { confidential: r.confidential } : {}),
        reference: buildReferences(sigil, r.project_full_path, r.iid, contextPath(container)).relative,
      }));
    }
    case 'labels': {
      const rows = await suggestLabels(db, actor, container, {
        search,
        includeAncestorGroups: true,
        includeDescendantGroups: false,
        onlyGroupLabels: container.kind === 'group',
        limit,
      });
      return rows.map(suggestionPresenter.label);
    }
    case 'milestones': {
      const rows = await suggestMilestones(db, actor, container, {
        search,
        state: 'active',
        onlyGroupMilestones: true,
        limit,
      });
      return rows.map((m) => suggestionPresenter.milestone(ctx, m));
    }
    case 'epics': {
      // A project's epics are its group's (and the group's ancestors'): `&5` there means the group's epic 5.
      const group =
        container.kind === 'group'
          ? container.group
          : container.project.namespace_type === 'Group'
            ? await findGroupRow(db, { id: container.project.namespace_id })
            : undefined;
      if (!group) return [];
      const rows = await suggestEpics(db, actor, group, {
        search,
        state: 'opened',
        includeAncestorGroups: true,
        includeDescendantGroups: container.kind === 'group',
        confidentialOnly: q.confidential_only,
        limit,
      });
      return rows.map((e) => suggestionPresenter.epic(ctx, e, group.id));
    }
    case 'emojis': {
      const needle = search?.toLowerCase();
      const all = await suggestAwardEmoji(db, actor);
      const found = needle ? all.filter((e) => e.name.includes(needle)) : all;
      if (needle) found.sort((a, b) => Number(b.name.startsWith(needle)) - Number(a.name.startsWith(needle)));
      return found.slice(0, limit);
    }
  }
}
