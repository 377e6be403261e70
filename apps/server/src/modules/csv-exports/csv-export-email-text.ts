import { escapeHtml } from '../notifications';

/** What was exported and how much of it the attachment holds. */
export interface CsvExportReport {
  /** 'issues' or 'merge requests': GitLab's `type.humanize.downcase`. */
  objects: string;
  projectName: string;
  projectUrl: string;
  /** Rows the list holds (GitLab's rows_expected) and rows the attachment holds. */
  count: number;
  written: number;
  truncated: boolean;
}

/** GitLab's `number_to_human_size(TARGET_FILESIZE)`. */
export const ATTACHMENT_LIMIT_TEXT = '15 MB';

/** Rails' `pluralize(count, word)` for the two plural nouns exported. */
function pluralize(count: number, plural: string): string {
  return `${count} ${count === 1 ? plural.replace(/s$/, '') : plural}`;
}

/** GitLab's `_issuable_csv_export` mailer view: the attachment's summary and, when cut, why. */
export function csvExportEmailText(r: CsvExportReport): { text: string; html: string } {
  const summary = `Your CSV export of ${pluralize(r.written, r.objects)} from project ${r.projectName} (${r.projectUrl}) has been added to this email as an attachment.`;
  const truncation = r.truncated
    ? `This attachment has been truncated to avoid exceeding the maximum allowed attachment size of ${ATTACHMENT_LIMIT_TEXT}. ${r.written} of ${r.count} ${r.objects} have been included. Consider re-exporting with a narrower selection of ${r.objects}.`
    : null;
  const html = [
    '<!DOCTYPE html><html><body>',
    `<p>Your CSV export of ${escapeHtml(pluralize(r.written, r.objects))} from project `,
    `<a href="${escapeHtml(r.projectUrl)}">${escapeHtml(r.projectName)}</a>`,
    ' has been added to this email as an attachment.</p>',
    truncation ? `<p>${escapeHtml(truncation)}</p>` : '',
    '</body></html>',
  ].join('');
  return { text: truncation ? `${summary}\n\n${truncation}` : summary, html };
}

/** Rails' `parameterize` of a full path, for the attachment's name (`acme/web` → `acme-web`). */
export function parameterize(path: string): string {
  return path
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-|-$/g, '');
}
