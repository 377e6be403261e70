import { badRequest } from '../../../errors';
import { parseJiraCsv } from './jira-csv';
import { parseJiraJson } from './jira-json';
import type { JiraFile } from './jira-records';

export type JiraFormat = 'csv' | 'json';

/** The largest Jira file taken: Jira's CSV export of 1,000 issues with all fields and comments fits. */
export const JIRA_MAX_BYTES = 20 * 1024 * 1024;
export const JIRA_TOO_LARGE = 'file is too large (maximum is 20 MB)';

/** The file as UTF-8 text; a file that is not text is refused. */
export function jiraText(data: Buffer): string {
  if (data.length > JIRA_MAX_BYTES) throw badRequest(JIRA_TOO_LARGE, 'file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest('file is not UTF-8 text', 'file');
  }
  if (text.includes('\0')) throw badRequest('file is not text', 'file');
  return text;
}

/** The format of a file whose kind was not said: JSON when its name says so or it opens with `{` or `[`. */
export function guessJiraFormat(filename: string, text: string): JiraFormat {
  if (/\.json$/i.test(filename)) return 'json';
  if (/\.csv$/i.test(filename)) return 'csv';
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '{' || first === '[' ? 'json' : 'csv';
}

/** A Jira file read whole, in the format given (400 naming why when it is not one). */
export function readJiraFile(format: JiraFormat, text: string): JiraFile {
  const file = format === 'json' ? parseJiraJson(text) : parseJiraCsv(text);
  if (file.issues.length === 0) throw badRequest('file holds no issues', 'file');
  return file;
}
