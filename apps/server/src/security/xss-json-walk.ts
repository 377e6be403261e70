import type { JsonResponse } from './xss-field-writes';
import type { HtmlFragment } from './xss-render-check';

const HTML_KEY = /(_html|Html)$/;
const TEXT_KEYS = new Set(['title', 'name', 'description', 'body']);

/** Walks API answers: HTML-valued keys become fragments to render (deduplicated); text keys are indexed for round trips. */
export class JsonWalk {
  readonly fragments = new Map<string, HtmlFragment>();
  /** key → every string value seen under it. */
  readonly texts = new Map<string, Set<string>>();
  htmlOccurrences = 0;

  add(responses: JsonResponse[]) {
    for (const r of responses) this.visit(r.body, r.source, '');
  }

  private visit(value: unknown, source: string, path: string) {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) this.visit(v, source, `${path}[${i}]`);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      const at = `${path}.${key}`;
      if (typeof v === 'string' && HTML_KEY.test(key) && v !== '') {
        this.htmlOccurrences += 1;
        const known = this.fragments.get(v);
        const where = `${source} ${at.replace(/\[\d+\]/g, '[]')}`;
        if (!known) this.fragments.set(v, { html: v, sources: [where] });
        else if (!known.sources.includes(where)) known.sources.push(where);
      } else if (typeof v === 'string' && TEXT_KEYS.has(key)) {
        const set = this.texts.get(key) ?? new Set<string>();
        set.add(v);
        this.texts.set(key, set);
      } else this.visit(v, source, at);
    }
  }

  hasText(key: string, value: string): boolean {
    return this.texts.get(key)?.has(value) ?? false;
  }
}
