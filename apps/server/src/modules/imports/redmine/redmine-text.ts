import { textileToMarkdown } from '../textile/textile-markdown';
import { type RedmineImport, reportSkip } from './redmine-context';

const MAX_TEXT = 1024 * 1024;

/**
 * A Redmine text (an issue's description, a journal's notes) as Meridian keeps it: Markdown, made from
 * Textile when the job says the Redmine writes Textile. A text the converter cannot read in its time is
 * kept as written, and the report says so (`where`: the issue, or the issue and journal).
 */
export async function redmineText(a: RedmineImport, text: string | null | undefined, where: string): Promise<string> {
  const plain = (text ?? '').replace(/\r\n/g, '\n').slice(0, MAX_TEXT);
  if (!a.source.textile || plain.trim() === '') return plain;
  const result = await textileToMarkdown(plain);
  if (!result.converted) await reportSkip(a, 'textile', where, `${result.reason}; kept as written`);
  return result.markdown.slice(0, MAX_TEXT);
}
