import type { TokenKey } from '@meridian/domain';
import { safeStorage } from '../../lib/safeStorage';
import type { BarOption } from './barOptions';

const MAX_PICKS = 5;

const storageKey = (base: string, type: TokenKey) => `${base}-recent-tokens-${type}`;

function isOption(value: unknown): value is BarOption {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return typeof record.value === 'string' && typeof record.label === 'string';
}

/** The values a user picked lately for a key (shown first in its value list), newest first. */
export function readRecentPicks(base: string, type: TokenKey): BarOption[] {
  const raw = safeStorage.get(storageKey(base, type));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isOption).slice(0, MAX_PICKS) : [];
  } catch {
    return [];
  }
}

export function saveRecentPick(base: string, type: TokenKey, option: BarOption): void {
  const rest = readRecentPicks(base, type).filter((o) => o.value !== option.value);
  safeStorage.set(storageKey(base, type), JSON.stringify([option, ...rest].slice(0, MAX_PICKS)));
}
