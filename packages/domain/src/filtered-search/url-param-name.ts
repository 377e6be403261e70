import type { ListKind, TokenKey, TokenOperator } from './types';
import { urlParamSpec } from './url-params';

/** The URL parameter a token with this (submitted) value goes under on a list's address; undefined if none. */
export function urlParamName(
  list: ListKind,
  type: TokenKey,
  operator: TokenOperator,
  value: string,
): string | undefined {
  const spec = urlParamSpec(list, type);
  if (spec.special?.values.includes(value)) return spec.special.names[operator];
  if (spec.nonNumeric && !/^\d+$/.test(value)) return spec.nonNumeric[operator];
  return spec.names[operator];
}
