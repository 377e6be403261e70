import { type IssueLinkKind, inverseIssueLinkKind, issueLinkNote, issueUnlinkNote } from '@meridian/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { issueReference } from '../../markdown/rewrite-references';
import { addSystemNote, issueNoteTarget } from '../system-notes';

/** One end of a link: the issue and its project's full path (what the other end's note names it by). */
export interface IssueLinkEnd {
  issue: { id: number; iid: number; project_id: number };
  projectPath: string;
}

/** How `end`'s issue is named in a note on `on`: `#2` in the same project, `api#2` beside it, else its full path. */
const referenceFrom = (on: IssueLinkEnd, end: IssueLinkEnd) =>
  issueReference(end.projectPath, end.issue.iid, { projectPath: on.projectPath });

/**
 * GitLab's relate_issuable notes, on both ends in the link's transaction, each shown only to who may
 * read the other end (it names it): `kind` is the link as
 * `from` sees it ('marked this issue as blocking #2'); `to` notes the other side ('… blocked by #1').
 */
export async function noteIssueLinked(
  trx: Transaction<DB>,
  authorId: number,
  from: IssueLinkEnd,
  to: IssueLinkEnd,
  kind: IssueLinkKind,
): Promise<void> {
  await addSystemNote(trx, issueNoteTarget(from.issue), authorId, issueLinkNote(kind, referenceFrom(from, to)), {
    issueIds: [to.issue.id],
  });
  await addSystemNote(
    trx,
    issueNoteTarget(to.issue),
    authorId,
    issueLinkNote(inverseIssueLinkKind(kind), referenceFrom(to, from)),
    { issueIds: [from.issue.id] },
  );
}

/** GitLab's unrelate_issuable notes: 'removed the relation with #2' on both ends. */
export async function noteIssueUnlinked(
  trx: Transaction<DB>,
  authorId: number,
  from: IssueLinkEnd,
  to: IssueLinkEnd,
): Promise<void> {
  await addSystemNote(trx, issueNoteTarget(from.issue), authorId, issueUnlinkNote(referenceFrom(from, to)), {
    issueIds: [to.issue.id],
  });
  await addSystemNote(trx, issueNoteTarget(to.issue), authorId, issueUnlinkNote(referenceFrom(to, from)), {
    issueIds: [from.issue.id],
  });
}
