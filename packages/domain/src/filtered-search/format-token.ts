import type { SearchItem, TokenDefinition } from './types';

/**
 * Quotes a value that would not read back bare: one holding whitespace or starting with a quote.
 * Double quotes unless the value holds `"`, then single quotes (RF §5).
 */
export function formatTokenValue(value: string): string {
  if (!/\s/.test(value) && !/^["']/.test(value)) return value;
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}

/** Items → text, the inverse of `parseSearchText`: `author:=@root label:!=~"Bug fix" fix crash`. */
export function formatSearchText(items: SearchItem[], defs: TokenDefinition[]): string {
  return items
    .map((item) => {
      if (item.type === 'text') return item.value;
      const def = defs.find((d) => d.type === item.type);
      // Predefined values (None, Any, Current, yes) carry no symbol, as GitLab writes them.
      const predefined = def?.predefined.some((p) => p.value.toLowerCase() === item.value.toLowerCase());
      const symbol = predefined ? '' : (def?.symbol ?? '');
      return `${item.type}:${item.operator}${symbol}${formatTokenValue(item.value)}`;
    })
    .join(' ');
}
