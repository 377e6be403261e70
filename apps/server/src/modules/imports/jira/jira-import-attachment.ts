import {
  projectReferenceContext,
  type ReferenceContext,
  withJiraAttachmentInline,
  withJiraAttachmentLink,
} from '@meridian/domain';
import { sql } from 'kysely';
import { renderMarkdown } from '../../../markdown/render-markdown';
import { storeProjectUpload } from '../../uploads';
import type { ItemOutcome } from '../importer';
import type { JiraBatch } from './jira-import-items';
import type { JiraItem } from './jira-plan';

/** The longest description and note the tables take. */
const MAX_TEXT = 1_048_576;

/**
 * One attachment of an imported issue (`attachment` items, planned when the job has a Jira site to sign
 * in to): downloaded from the site, kept as an upload of the project, and linked in the issue's
 * description where the text shows or links it (Jira's `!name!`, `[^name]`), else after its text and
 * above the Jira footer (`[name](/uploads/…)`, an image as `![name](…)`), the HTML rendered again; so
 * in each of its comments (imported before the attachments) that shows or links it. The upload, the
 * texts and the item's key commit together, so a re-run neither downloads nor links it twice. A file that cannot be had (another site, refused, missing, too
 * large, too slow) is skipped with the reason; the issue stays as imported.
 */
export async function importAttachment(
  b: JiraBatch,
  item: Extract<JiraItem, { kind: 'attachment' }>,
): Promise<ItemOutcome> {
  const { attachment } = item;
  if (item.onKind === 'epic') return { skipped: `${attachment.filename}: epics have no uploads (they are a group's)` };
  if (!b.attachments) return { skipped: `${attachment.filename}: the import does not sign in to the Jira site` };
  const issueId = b.id('issue', item.on);
  if (issueId === undefined) return { skipped: `${attachment.filename}: its issue ${item.on} was not imported` };
  const got = await b.attachments.download(attachment.url);
  if ('problem' in got) return { skipped: `${attachment.filename}: ${got.problem}; ${attachment.url}` };
  const { db } = b.ctx;
  const upload = await storeProjectUpload(
    db,
    b.ctx.config.files,
    { projectId: b.project.id, filename: attachment.filename, data: got.data, uploadedById: b.ctx.actor.id },
    b.attachments.maxBytes,
  );
  const context = projectReferenceContext(b.project);
  await linkInComments(b, issueId, context, attachment.filename, upload.markdown);
  const issue = await db.selectFrom('issues').select('description').where('id', '=', issueId).executeTakeFirstOrThrow();
  const written = issue.description ?? '';
  // Where the text shows or links the file (`!shot.png!`, `[^log.txt]`), there; else below the text.
  const description = (
    withJiraAttachmentInline(written, attachment.filename, upload.markdown) ??
    withJiraAttachmentLink(written, upload.markdown)
  ).slice(0, MAX_TEXT);
  await db
    .updateTable('issues')
    .set({ description, description_html: renderMarkdown(description, context) })
    .where('id', '=', issueId)
    .execute();
  return { created: upload.row.id };
}

/** The issue's imported comments that show or link the file (`!name!`, `[^name]`) link its upload there. */
async function linkInComments(
  b: JiraBatch,
  issueId: number,
  context: ReferenceContext,
  filename: string,
  link: string,
): Promise<void> {
  const { db } = b.ctx;
  const comments = await db
    .selectFrom('notes')
    .select(['id', 'note'])
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', issueId)
    .where('system', '=', false)
    .where(sql<boolean>`strpos(note, ${filename}) > 0`)
    .execute();
  for (const comment of comments) {
    const note = withJiraAttachmentInline(comment.note, filename, link)?.slice(0, MAX_TEXT);
    if (note === undefined) continue;
    await db
      .updateTable('notes')
      .set({ note, note_html: renderMarkdown(note, context) })
      .where('id', '=', comment.id)
      .execute();
  }
}
