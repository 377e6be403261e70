/**
 * Hand-written XSS corpus for the standing attack suite (issue 8): the well-known classes from the
 * OWASP XSS filter evasion cheat sheet and PortSwigger's XSS cheat sheet, written for this project.
 *
 * Each payload is a function of a Sentinel so that, wherever it can execute, it reports WHICH
 * payload in WHICH field ran: it calls `window.__xss(id)`, opens a dialog with the id, sets
 * `document.title`, or loads `http://xss.invalid/<id>`. Ids use only [a-z0-9.-], so they are safe
 * inside JS strings, URLs and attributes without escaping.
 */

import { families, type Sentinel, type XssFamily } from './xss-families';

export type { Sentinel, XssFamily } from './xss-families';

export interface XssPayload {
  id: string;
  family: XssFamily;
  make: (s: Sentinel) => string;
}

export const SENTINEL_HOST = 'xss.invalid';

export function sentinel(payloadId: string, fieldCode: string): Sentinel {
  const id = `${payloadId}.${fieldCode}`;
  return { id, call: `__xss('${id}')`, url: `http://${SENTINEL_HOST}/${id}` };
}

/** The corpus: ids p001…, in family order. */
export const xssCorpus: readonly XssPayload[] = Object.entries(families).flatMap(([family], familyIndex) => {
  const before = Object.values(families)
    .slice(0, familyIndex)
    .reduce((n, list) => n + list.length, 0);
  return (families[family as XssFamily] ?? []).map((make, i) => ({
    id: `p${String(before + i + 1).padStart(3, '0')}`,
    family: family as XssFamily,
    make,
  }));
});

export const xssFamilies = Object.keys(families) as XssFamily[];
