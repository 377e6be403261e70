import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { renderMarkdown } from '../../markdown/render-markdown';

/**
 * Records a system note on an issue ('closed', 'reopened', 'changed milestone to %"v1"'), as
 * GitLab shows in the activity stream. Call inside the write's transaction.
 */
export async function addIssueSystemNote(
  trx: Transaction<DB>,
  issue: { id: number; project_id: number },
  authorId: number | null,
  note: string,
): Promise<void> {
  await trx
    .insertInto('notes')
    .values({
      noteable_type: 'Issue',
      noteable_id: issue.id,
      project_id: issue.project_id,
      author_id: authorId,
      discussion_id: randomBytes(20).toString('hex'),
      note,
      note_html: renderMarkdown(note),
      system: true,
    })
    .execute();
}
