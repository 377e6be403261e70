/** What the in-page DOM check reports: the fragment container index (-1 outside any) and what it found. */
export interface DomFinding {
  index: number;
  detail: string;
}

export interface DomCheckOptions {
  /** Elements that must not exist in the checked subtree (the sanitizer never emits them). */
  forbiddenTags: string[];
  /** CSS selector of the subtree to check. */
  root: string;
  /** Attribute naming the fragment container an element belongs to (server suite), or null. */
  holderAttribute: string | null;
}

export const SANITIZED_FORBIDDEN_TAGS = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'form',
  'link',
  'style',
  'portal',
];

/**
 * The DOM check as page-side JavaScript (the server project has no DOM typings, and the e2e spec
 * runs the same check): event-handler attributes, srcdoc, script-capable URL schemes in any URL
 * attribute (after stripping what browsers ignore inside a scheme), style with script or remote
 * loads, and forbidden elements. Evaluate `domCheckExpression(options)` in the page.
 */
const DOM_CHECK_FUNCTION = `(options) => {
  const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster',
    'background', 'codebase', 'srcset', 'cite', 'ping', 'lowsrc', 'dynsrc']);
  const badScheme = /^(javascript|data|vbscript|livescript):/;
  const forbidden = new Set(options.forbiddenTags);
  const out = [];
  const root = document.querySelector(options.root);
  if (!root) return [{ index: -1, detail: 'root ' + options.root + ' not found' }];
  for (const el of root.querySelectorAll('*')) {
    const holder = options.holderAttribute ? el.closest('[' + options.holderAttribute + ']') : null;
    if (holder === el) continue;
    const index = holder ? Number(holder.getAttribute(options.holderAttribute)) : -1;
    const tag = el.tagName.toLowerCase();
    const snippet = el.outerHTML.slice(0, 200);
    if (forbidden.has(tag)) out.push({ index, detail: '<' + tag + '> element: ' + snippet });
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/[\\u0000-\\u0020\\u007f-\\u00a0\\u200b\\u2028\\u2029]/g, '').toLowerCase();
      if (name.startsWith('on')) out.push({ index, detail: name + '= handler: ' + snippet });
      else if (name === 'srcdoc') out.push({ index, detail: 'srcdoc attribute: ' + snippet });
      else if (urlAttributes.has(name) && value.split(',').some((v) => badScheme.test(v)))
        out.push({ index, detail: name + '=' + value.slice(0, 40) + ': ' + snippet });
      else if (name === 'style' && /expression|javascript:|url\\(|behavior|binding/.test(value))
        out.push({ index, detail: 'style=' + value.slice(0, 60) + ': ' + snippet });
    }
  }
  return out;
}`;

/** A JavaScript expression for `page.evaluate` that runs the check and yields `DomFinding[]`. */
export function domCheckExpression(options: DomCheckOptions): string {
  return `(${DOM_CHECK_FUNCTION})(${JSON.stringify(options)})`;
}

/** Init script for every frame: `window.__xss(id)` forwards to the exposed `__xssReport` binding. */
export const SENTINEL_INIT_SCRIPT = `window.__xss = (id) => window.__xssReport(String(id));`;
