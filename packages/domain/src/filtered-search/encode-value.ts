/** Lone UTF-16 surrogates (from pasted or truncated text) that `encodeURIComponent` throws on. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `encodeURIComponent` that never throws: a lone surrogate becomes U+FFFD, as a browser would send it. */
export function encodeValue(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}
