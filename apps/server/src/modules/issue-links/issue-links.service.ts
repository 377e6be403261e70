import type { IssueLinkKind } from '@meridian/domain';
import { directReads, type ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { linkExists, linkInvolving } from '../../db/link-between';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { canIssue, forbiddenMessage } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { findIssue, type IssueRow, issueQuery, issueSubject, issueVisibility } from '../issues';
import { findProject, type ProjectRow } from '../namespaces';
import { noteIssueLinked, noteIssueUnlinked } from './issue-link-notes';

export type IssueLinkType = IssueLinkKind;

/** A linked issue as seen from the issue the list was asked for. */
export interface LinkedIssueRow {
  issue: IssueRow;
  issue_link_id: number;
  link_type: IssueLinkType;
  link_created_at: Date;
  link_updated_at: Date;
}

/** From `issueId`'s side: a stored 'blocks' pointing AT it reads as 'is_blocked_by'. */
function perspective(stored: string, issueIsSource: boolean): IssueLinkType {
  if (stored === 'blocks') return issueIsSource ? 'blocks' : 'is_blocked_by';
  return 'relates_to';
}

async function sourceIssue(db: Database, actor: Actor | null, project: ProjectRow, iid: number) {
  return findIssue(db, actor, project.id, iid);
}

/** Issues linked to one issue that the actor may read (hidden ones are left out in SQL). */
export async function listIssueLinks(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
): Promise<LinkedIssueRow[]> {
  const issue = await sourceIssue(db, actor, project, iid);
  const rows = await issueQuery(db)
    .innerJoin('issue_links as lk', (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([eb('lk.source_id', '=', issue.id), eb('lk.target_id', '=', eb.ref('i.id'))]),
          eb.and([eb('lk.target_id', '=', issue.id), eb('lk.source_id', '=', eb.ref('i.id'))]),
        ]),
      ),
    )
    .select([
      'lk.id as issue_link_id',
      'lk.link_type as stored_link_type',
      'lk.source_id as link_source_id',
      'lk.created_at as link_created_at',
      'lk.updated_at as link_updated_at',
    ])
    .where(issueVisibility(actor))
    .orderBy('lk.id')
    .execute();
  return rows.map(({ issue_link_id, stored_link_type, link_source_id, link_created_at, link_updated_at, ...row }) => ({
    issue: row,
    issue_link_id,
    link_type: perspective(stored_link_type, link_source_id === issue.id),
    link_created_at,
    link_updated_at,
  }));
}

/**
 * The open issues the actor may read that block each of `issueIds` (GraphQL `blockedByIssues` and
 * `blockedByCount`), in link order. One statement for the whole batch.
 */
export function readableOpenIssueBlockers(
  db: Database,
  actor: Actor | null,
  issueIds: readonly number[],
  read: ReadRows = directReads(db),
): Promise<Array<IssueRow & { blocked_id: number }>> {
  const query = issueQuery(db)
    .innerJoin('issue_links as bl', 'bl.source_id', 'i.id')
    .select('bl.target_id as blocked_id')
    .where('bl.target_id', 'in', [...issueIds])
    .where('bl.link_type', '=', 'blocks')
    .where('i.state', '=', 'opened')
    .where(issueVisibility(actor))
    .orderBy('bl.id');
  return read(query);
}

export interface IssueLinkResult {
  id: number;
  source: IssueRow;
  target: IssueRow;
  link_type: IssueLinkType;
}

/** `target_project_id`: a numeric id or a URL-encoded full path; 400 naming the field when it cannot be decoded. */
function targetProjectRef(value: string): { id: number } | { fullPath: string } {
  if (/^\d+$/.test(value)) return { id: Number(value) };
  try {
    return { fullPath: decodeURIComponent(value) };
  } catch {
    throw badRequest('target_project_id is invalid: malformed URL encoding', 'target_project_id');
  }
}

/**
 * POST …/links: needs admin_issue_relation on BOTH issues, as GitLab: an unreadable target is 404,
 * a readable one the actor may not relate is 403. One link per unordered pair (409, also under
 * concurrency: the database's unordered-pair index refuses the second insert).
 */
export async function createIssueLink(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  input: { target_project_id: string; target_issue_iid: number; link_type?: IssueLinkType },
): Promise<IssueLinkResult> {
  const me = requireActor(actor);
  const source = await sourceIssue(db, me, project, iid);
  const sourceSubject = await issueSubject(db, source);
  if (!canIssue(me, 'admin_issue_relation', sourceSubject)) throw forbidden(forbiddenMessage(sourceSubject.project));
  const targetProject = await findProject(db, me, targetProjectRef(input.target_project_id));
  const target = await findIssue(db, me, targetProject.id, input.target_issue_iid);
  const targetSubject = await issueSubject(db, target);
  if (!canIssue(me, 'admin_issue_relation', targetSubject)) throw forbidden(forbiddenMessage(targetSubject.project));
  if (target.id === source.id)
    throw badRequest('target_issue_iid is invalid: cannot link an issue to itself', 'target_issue_iid');
  const linkType = input.link_type ?? 'relates_to';
  const [from, to] = linkType === 'is_blocked_by' ? [target, source] : [source, target];
  const stored = linkType === 'relates_to' ? 'relates_to' : 'blocks';
  if (await linkExists(db, 'issue_links', from.id, to.id)) throw conflict('Issue(s) already assigned');
  const id = await withTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('issue_links')
      .values({ source_id: from.id, target_id: to.id, link_type: stored })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict('Issue(s) already assigned');
    const ends = [
      { issue: source, projectPath: project.full_path },
      { issue: target, projectPath: targetProject.full_path },
    ] as const;
    await noteIssueLinked(trx, me.id, ends, linkType);
    return row.id;
  });
  return { id, source, target, link_type: linkType };
}

/** The link `linkId` touching issue `iid`, when the actor may read both ends (404 otherwise). */
export async function findIssueLink(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  linkId: number,
): Promise<IssueLinkResult & { issue: IssueRow }> {
  const issue = await sourceIssue(db, actor, project, iid);
  const link = await linkInvolving(db, 'issue_links', linkId, issue.id);
  if (!link) throw notFound('Issue Link');
  const otherId = link.source_id === issue.id ? link.target_id : link.source_id;
  const other = await issueQuery(db).where('i.id', '=', otherId).where(issueVisibility(actor)).executeTakeFirst();
  if (!other) throw notFound('Issue Link');
  const [source, target] = link.source_id === issue.id ? [issue, other] : [other, issue];
  return { id: link.id, issue, source, target, link_type: link.link_type === 'blocks' ? 'blocks' : 'relates_to' };
}

/** DELETE …/links/:issue_link_id: the link must touch the issue in the URL; needs admin_issue_relation on it. */
export async function deleteIssueLink(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  linkId: number,
): Promise<IssueLinkResult> {
  const me = requireActor(actor);
  const { issue, ...result } = await findIssueLink(db, me, project, iid, linkId);
  if (!canIssue(me, 'admin_issue_relation', await issueSubject(db, issue))) throw forbidden();
  const other = issue.id === result.source.id ? result.target : result.source;
  const otherProject = other.project_id === project.id ? project : await findProject(db, me, { id: other.project_id });
  await withTransaction(db, async (trx) => {
    const removed = await trx.deleteFrom('issue_links').where('id', '=', result.id).executeTakeFirst();
    // A concurrent delete got there first: its notes say so, once.
    if (removed.numDeletedRows === 0n) return;
    await noteIssueUnlinked(trx, me.id, [
      { issue, projectPath: project.full_path },
      { issue: other, projectPath: otherProject.full_path },
    ]);
  });
  return result;
}
