/**
 * The code of the thread that turns Textile into Markdown (`textile-markdown.ts` starts it): `textile-js`
 * makes HTML, `turndown` makes that Markdown. Kept as plain JavaScript in a string so the thread needs no
 * TypeScript loader and the production bundle no extra file; the two libraries are loaded from the paths
 * the main thread resolved. The HTML never leaves this thread: what comes back is Markdown, rendered later
 * by Meridian's own sanitising renderer, with `<` escaped so raw HTML in the text stays text.
 */
export const TEXTILE_WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const textile = require(workerData.textile);
const TurndownService = require(workerData.turndown);

const td = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
  strongDelimiter: '**',
});
const baseEscape = td.escape.bind(td);
td.escape = (text) => baseEscape(text).split('<').join('\\\\<');
td.remove(['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'textarea', 'select', 'button']);

/** A fence longer than any run of backticks in the code. */
function fenceFor(code) {
  let longest = 0;
  let run = 0;
  for (const c of code) {
    run = c === '\`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return '\`'.repeat(Math.max(3, longest + 1));
}
td.addRule('pre', {
  filter: 'pre',
  replacement: (_content, node) => {
    const code = node.textContent.replace(/^\\n/, '').replace(/\\n$/, '');
    const fence = fenceFor(code);
    return '\\n\\n' + fence + '\\n' + code + '\\n' + fence + '\\n\\n';
  },
});
td.addRule('strikethrough', { filter: ['del', 's', 'strike'], replacement: (content) => '~~' + content + '~~' });
td.addRule('inserted', { filter: ['ins', 'u'], replacement: (content) => content });

const cellText = (content) => content.replace(/\\n+/g, ' ').split('|').join('\\\\|').trim();
td.addRule('tableCell', { filter: ['th', 'td'], replacement: (content) => ' ' + cellText(content) + ' |' });
td.addRule('tableRow', {
  filter: 'tr',
  replacement: (content, node) => {
    const row = '\\n|' + content;
    const table = node.closest('table');
    const first = table && table.querySelector('tr') === node;
    if (!first) return row;
    const cells = node.querySelectorAll('th, td').length;
    return row + '\\n|' + ' --- |'.repeat(cells);
  },
});
td.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot', 'colgroup', 'col', 'caption'], replacement: (c) => c });
td.addRule('table', { filter: 'table', replacement: (content) => '\\n\\n' + content.trim() + '\\n\\n' });

parentPort.on('message', ({ id, text }) => {
  try {
    const html = textile.convert(text, { breaks: true });
    parentPort.postMessage({ id, markdown: td.turndown(html) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error).slice(0, 200) });
  }
});
`;
