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

/**
 * A note on each end about the other, named as seen from its own project (`#2` in the same project,
 * `api#2` beside it, else the full path), and shown only to who may read that other end.
 */
async function noteBothEnds(
  trx: Transaction<DB>,
  authorId: number,
  ends: readonly [IssueLinkEnd, IssueLinkEnd],
  text: (end: 0 | 1, reference: string) => string,
): Promise<void> {
  for (const end of [0, 1] as const) {
    const [on, other] = end === 0 ? ends : [ends[1], ends[0]];
    const reference = issueReference(other.projectPath, other.issue.iid, { projectPath: on.projectPath });
    await addSystemNote(trx, issueNoteTarget(on.issue), authorId, text(end, reference), {
      issueIds: [other.issue.id],
    });
  }
}

/**
 * GitLab's relate_issuable notes, in the link's transaction: `kind` is the link as the first end sees
 * it ('marked this issue as blocking #2'); the second notes the other side ('… blocked by #1').
 */
export function noteIssueLinked(
  trx: Transaction<DB>,
  authorId: number,
  ends: readonly [IssueLinkEnd, IssueLinkEnd],
  kind: IssueLinkKind,
): Promise<void> {
  return noteBothEnds(trx, authorId, ends, (end, reference) =>
    issueLinkNote(end === 0 ? kind : inverseIssueLinkKind(kind), reference),
  );
}

/** GitLab's unrelate_issuable notes: 'removed the relation with #2' on both ends. */
export function noteIssueUnlinked(
  trx: Transaction<DB>,
  authorId: number,
  ends: readonly [IssueLinkEnd, IssueLinkEnd],
): Promise<void> {
  return noteBothEnds(trx, authorId, ends, (_end, reference) => issueUnlinkNote(reference));
}
