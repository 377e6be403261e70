import { withTransaction } from '../../db/with-transaction';
import { badRequest, forbidden } from '../../errors';
import { canIssue, canPromoteIssueToEpic, forbiddenMessage } from '../../policy/abilities';
import type { ServiceContext } from '../../service-context';
import type { EpicRow } from '../epics';
import { assertMayCreateEpic, insertEpic } from '../epics';
import { findGroup, groupSubject, type ProjectRow } from '../namespaces';
import { addSystemNote, issueNoteTarget } from '../system-notes';
import { closeIssueAs } from './issue-closed-as';
import { findIssue, issueSubject } from './issues.service';

/**
 * Promotes issue `iid` to an epic in the project's group, as GitLab's `/promote` and `promoteToEpic`:
 * the epic takes the issue's title, description, confidentiality and labels; the issue is closed as
 * promoted (its `promoted_to_epic_id` set), and both get a system note. One transaction.
 * 403 without admin_issue on the issue or create_epic in the group; 400 when the project is not in
 * a group or the issue was promoted before.
 */
export async function promoteIssueToEpic(ctx: ServiceContext, project: ProjectRow, iid: number): Promise<EpicRow> {
  const { db, actor: me } = ctx;
  const issue = await findIssue(db, me, project.id, iid);
  const subject = await issueSubject(db, issue);
  if (!canIssue(me, 'admin_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  if (project.namespace_type !== 'Group') {
    throw badRequest('Cannot promote issue because it does not belong to a group.');
  }
  if (issue.promoted_to_epic_id !== null) throw badRequest('Issue has already been promoted to an epic.');
  const group = await findGroup(db, me, { id: project.namespace_id });
  if (!canPromoteIssueToEpic(me, subject, groupSubject(group))) throw forbidden(forbiddenMessage(subject.project));
  const labels = await db
    .selectFrom('issue_labels as il')
    .innerJoin('labels as l', 'l.id', 'il.label_id')
    .select('l.title')
    .where('il.issue_id', '=', issue.id)
    .orderBy('l.title')
    .execute();
  const input = {
    title: issue.title,
    description: issue.description,
    confidential: issue.confidential,
    labels: labels.map((l) => l.title),
  };
  assertMayCreateEpic(me, group, input);
  return withTransaction(db, async (trx) => {
    const epic = await insertEpic({ ...ctx, db: trx }, group, input);
    await closeIssueAs(trx, issue, me.id, { promoted_to_epic_id: epic.id });
    await addSystemNote(trx, issueNoteTarget(issue), me.id, `promoted to epic ${group.full_path}&${epic.iid}`, {
      epicIds: [epic.id],
    });
    const epicTarget = { type: 'Epic', id: epic.id, projectId: null, groupId: group.id } as const;
    await addSystemNote(trx, epicTarget, me.id, `promoted from issue ${project.full_path}#${issue.iid}`, {
      issueIds: [issue.id],
    });
    return epic;
  });
}
