import { type IssueBackedType, workItemTypeOf } from '@meridian/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { addSystemNote, issueNoteTarget } from '../notes/noteable-records';

interface LinkEnd {
  id: number;
  iid: number;
  project_id: number;
  issue_type: string;
}

const typeName = (item: LinkEnd) => workItemTypeOf(item.issue_type as IssueBackedType).name.toLowerCase();

/**
 * GitLab's hierarchy system notes (SystemNotes::IssuablesService#hierarchy_changed) on both ends of
 * a parent link: 'added #12 as child task' on the parent, 'added #10 as parent issue' on the child,
 * and 'removed child task #12' / 'removed parent issue #10' when the link goes. Both ends share a
 * project, so the short reference names them.
 */
export async function addParentLinkNotes(
  trx: Transaction<DB>,
  authorId: number,
  change: { action: 'added' | 'removed'; parent: LinkEnd; child: LinkEnd },
): Promise<void> {
  const { action, parent, child } = change;
  const say = (relation: 'child' | 'parent', other: LinkEnd) =>
    action === 'added'
      ? `added #${other.iid} as ${relation} ${typeName(other)}`
      : `removed ${relation} ${typeName(other)} #${other.iid}`;
  await addSystemNote(trx, issueNoteTarget(parent), authorId, say('child', child));
  await addSystemNote(trx, issueNoteTarget(child), authorId, say('parent', parent));
}
