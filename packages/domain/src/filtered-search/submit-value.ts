import { TOKEN_DEFINITIONS } from './token-definitions';
import type { FilterToken } from './types';

const QUOTED = /^(["'])([\s\S]*)\1$/;
/** `acme::&12`, `acme/sub::&12` or `&12` → `12` (RF §5: the part after the marker). */
const EPIC_REFERENCE = /(?:^|::)&(\d+)$/;

/** The value a token submits: surrounding quotes (and the blanks inside them) stripped, lower-cased for yes/no keys, epic ids bare. */
export function submitValue(token: FilterToken): string {
  let value = token.value.trim();
  const quoted = QUOTED.exec(value);
  if (quoted) value = (quoted[2] ?? '').trim();
  if (TOKEN_DEFINITIONS[token.type].lowercase) value = value.toLowerCase();
  if (token.type === 'epic') value = EPIC_REFERENCE.exec(value)?.[1] ?? value;
  return value;
}
