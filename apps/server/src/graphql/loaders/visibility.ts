import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import {
  epicConfidentialityAllows,
  groupReadable,
  issueConfidentialityAllows,
  projectReadable,
} from '../../policy/sql-scopes';

/** `e` an epics alias, `g` its group's namespaces alias: true when the actor may read the epic. */
export function epicVisible(actor: Actor | null, e: string, g: string): RawBuilder<boolean> {
  return sql<boolean>`(${groupReadable(actor, {
    groupId: `${g}.id`,
    visibility: `${g}.visibility_level`,
    traversalIds: `${g}.traversal_ids`,
  })} AND ${epicConfidentialityAllows(actor, { confidential: `${e}.confidential`, groupTraversalIds: `${g}.traversal_ids` })})`;
}

/** `i` an issues alias, `p` its project, `pn` the project's namespace: true when the actor may read the issue. */
export function issueVisible(actor: Actor | null, i: string, p: string, pn: string): RawBuilder<boolean> {
  return sql<boolean>`(${projectReadable(actor, {
    projectId: `${p}.id`,
    visibility: `${p}.visibility_level`,
    namespaceTraversalIds: `${pn}.traversal_ids`,
  })} AND ${issueConfidentialityAllows(actor, {
    issueId: `${i}.id`,
    confidential: `${i}.confidential`,
    authorId: `${i}.author_id`,
    projectId: `${p}.id`,
    namespaceTraversalIds: `${pn}.traversal_ids`,
  })})`;
}
