import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import TurndownService from 'turndown';

/**
 * The thread that turns Textile into Markdown (`textile-markdown.ts` starts it through
 * `lib/server-worker.ts`): `textile-js` makes HTML, `turndown` makes that Markdown. The HTML never leaves
 * this thread: what comes back is Markdown, rendered later by Meridian's own sanitising renderer, with
 * `<` escaped so raw HTML in the text stays text.
 */

export interface TextileRequest {
  id: number;
  text: string;
}
export type TextileAnswer = { id: number; markdown: string } | { id: number; error: string };

// textile-js ships CommonJS without types: its one function is all this thread uses.
const textile = createRequire(import.meta.url)('textile-js') as {
  convert(text: string, options: { breaks: boolean }): string;
};

const td = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
  strongDelimiter: '**',
});
const baseEscape = td.escape.bind(td);
td.escape = (text: string) => baseEscape(text).split('<').join('\\<');
td.remove(['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'textarea', 'select', 'button']);

/** A fence longer than any run of backticks in the code. */
function fenceFor(code: string): string {
  let longest = 0;
  let run = 0;
  for (const c of code) {
    run = c === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return '`'.repeat(Math.max(3, longest + 1));
}
td.addRule('pre', {
  filter: 'pre',
  replacement: (_content, node) => {
    const code = (node.textContent ?? '').replace(/^\n/, '').replace(/\n$/, '');
    const fence = fenceFor(code);
    return `\n\n${fence}\n${code}\n${fence}\n\n`;
  },
});
// A filter function: the DOM's tag names, which the bench's type check knows, leave out the old `strike`.
const STRUCK = new Set(['DEL', 'S', 'STRIKE']);
td.addRule('strikethrough', {
  filter: (node) => STRUCK.has(node.nodeName),
  replacement: (content) => `~~${content}~~`,
});
td.addRule('inserted', { filter: ['ins', 'u'], replacement: (content) => content });

/** What the table rules ask of turndown's DOM node (the server compiles without the DOM's types). */
interface TableElement {
  closest(selector: string): TableElement | null;
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): { length: number };
}

const cellText = (content: string) => content.replace(/\n+/g, ' ').split('|').join('\\|').trim();
td.addRule('tableCell', { filter: ['th', 'td'], replacement: (content) => ` ${cellText(content)} |` });
td.addRule('tableRow', {
  filter: 'tr',
  replacement: (content, node) => {
    const row = `\n|${content}`;
    const element = node as unknown as TableElement;
    const table = element.closest('table');
    const first = table !== null && table.querySelector('tr') === element;
    if (!first) return row;
    const cells = element.querySelectorAll('th, td').length;
    return `${row}\n|${' --- |'.repeat(cells)}`;
  },
});
td.addRule('tableSection', {
  filter: ['thead', 'tbody', 'tfoot', 'colgroup', 'col', 'caption'],
  replacement: (content) => content,
});
td.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.trim()}\n\n` });

parentPort?.on('message', ({ id, text }: TextileRequest) => {
  try {
    const html = textile.convert(text, { breaks: true });
    parentPort?.postMessage({ id, markdown: td.turndown(html) } satisfies TextileAnswer);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    parentPort?.postMessage({ id, error: message.slice(0, 200) } satisfies TextileAnswer);
  }
});
