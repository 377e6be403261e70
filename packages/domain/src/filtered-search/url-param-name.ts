import type { TokenKey, TokenOperator } from './types';
import { URL_PARAMS } from './url-params';

/** The web-list URL parameter a token with this (submitted) value goes under; undefined if none. */
export function urlParamName(type: TokenKey, operator: TokenOperator, value: string): string | undefined {
  const spec = URL_PARAMS[type];
  if (spec.special?.values.includes(value)) return spec.special.names[operator];
  if (spec.nonNumeric && !/^\d+$/.test(value)) return spec.nonNumeric[operator];
  return spec.names[operator];
}
