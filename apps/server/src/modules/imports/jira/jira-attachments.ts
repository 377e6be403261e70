import { jiraInstant } from '@meridian/domain';
import type { Database } from '../../../db/connection';
import { attachmentSourceId } from './jira-plan';
import { JIRA_LIMITS, type JiraAttachment, type JiraIssueRecord, type JiraPerson } from './jira-records';

/**
 * Jira's attachments: the CSV's `Attachment` columns (`date;author;filename;url`) and the JSON's
 * `fields.attachment[{filename, content, size, mimeType, author, created}]`. The files are on the Jira
 * site, behind its sign-in: when the import is given the site and credentials they are downloaded
 * (`jira-import-attachment.ts`); otherwise each is listed in the job's report.
 */

type Json = Record<string, unknown>;

const MAX_ATTACHMENTS = 500;
const MAX_URL = 2048;

const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null);

/** One CSV `Attachment` cell; null when it names no file. */
export function csvAttachment(cell: string, person: (name: string) => JiraPerson | null): JiraAttachment | null {
  const parts = cell.split(';');
  if (parts.length < 4) return null;
  const url = str(parts.at(-1), MAX_URL);
  const filename = str(parts.slice(2, -1).join(';'), JIRA_LIMITS.name);
  if (!url || !filename) return null;
  return {
    filename,
    url,
    size: null,
    mimeType: null,
    author: person(parts[1]?.trim() ?? ''),
    created: jiraInstant(parts[0]?.trim() ?? null),
  };
}

export function csvAttachments(cells: readonly string[], person: (name: string) => JiraPerson | null) {
  return cells.flatMap((cell) => csvAttachment(cell, person) ?? []).slice(0, MAX_ATTACHMENTS);
}

/** The JSON's `fields.attachment`. */
export function jsonAttachments(fields: Json, person: (v: unknown) => JiraPerson | null): JiraAttachment[] {
  const list = Array.isArray(fields.attachment) ? fields.attachment.slice(0, MAX_ATTACHMENTS) : [];
  return list.flatMap((a): JiraAttachment[] => {
    if (a === null || typeof a !== 'object') return [];
    const o = a as Json;
    const filename = str(o.filename, JIRA_LIMITS.name);
    const url = str(o.content, MAX_URL);
    if (!filename || !url) return [];
    return [
      {
        filename,
        url,
        size: typeof o.size === 'number' && Number.isFinite(o.size) && o.size >= 0 ? Math.floor(o.size) : null,
        mimeType: str(o.mimeType, 255),
        author: person(o.author),
        created: jiraInstant(str(o.created, 100)),
      },
    ];
  });
}

/** Lists the file's attachments in the job's report (kind `attachment`, source id `KEY/n/filename`): an import without a Jira site. */
export async function reportAttachments(db: Database, jobId: number, issues: readonly JiraIssueRecord[]) {
  const rows = issues.flatMap((issue) =>
    issue.attachments.map((a, i) => ({
      job_id: jobId,
      kind: 'attachment',
      source_id: attachmentSourceId(issue.key, i, a.filename),
      reason:
        `not imported: ${a.filename}${a.size === null ? '' : ` (${a.size} bytes)`} is on the Jira site, which the import does not sign in to; ${a.url}`.slice(
          0,
          1000,
        ),
    })),
  );
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('import_job_skips')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['job_id', 'kind', 'source_id']).doNothing())
      .execute();
  }
}
