import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import { readableDescendantGroupIds, readableProjectIdsOfGroup } from '../../policy/sql-scopes';
import { type LabelContainer, ownAndAncestorRows } from './label-container';

export interface LabelScopeOptions {
  /** Project: group labels of every ancestor group (default true). Group: labels of ancestor groups. */
  includeAncestorGroups: boolean;
  /** Group only: labels of descendant groups the actor can read. */
  includeDescendantGroups: boolean;
  /** Group only: false adds the project labels of the group's (descendant) readable projects. */
  onlyGroupLabels: boolean;
}

/**
 * The boolean SQL condition (over `labels as l`) selecting the labels visible in a container,
 * GitLab's `available_labels`. Descendant groups and projects are filtered by what the actor may read.
 */
export function labelScope(
  actor: Actor | null,
  container: LabelContainer,
  opts: LabelScopeOptions,
): RawBuilder<boolean> {
  const parts = ownAndAncestorRows('l', container, opts.includeAncestorGroups);
  if (container.kind === 'project') return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
  const group = container.group;
  if (opts.includeDescendantGroups) {
    parts.push(sql<boolean>`l.group_id IN ${readableDescendantGroupIds(actor, group.id)}`);
  }
  if (!opts.onlyGroupLabels) {
    const projectIds = readableProjectIdsOfGroup(actor, group.id, { descendants: opts.includeDescendantGroups });
    parts.push(sql<boolean>`l.project_id IN ${projectIds}`);
  }
  return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}
