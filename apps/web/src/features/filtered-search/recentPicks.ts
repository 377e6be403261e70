import type { TokenKey } from '@meridian/domain';
import { recentItems } from '../../lib/recentItems';
import type { BarOption } from './barOptions';

const MAX_PICKS = 5;

const storageKey = (base: string, type: TokenKey) => `${base}-recent-tokens-${type}`;

function isOption(value: unknown): value is BarOption {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return typeof record.value === 'string' && typeof record.label === 'string';
}

const picks = (base: string, type: TokenKey) =>
  recentItems(storageKey(base, type), MAX_PICKS, isOption, (a, b) => a.value === b.value);

/** The values a user picked lately for a key (shown first in its value list), newest first. */
export function readRecentPicks(base: string, type: TokenKey): BarOption[] {
  return picks(base, type).read();
}

export function saveRecentPick(base: string, type: TokenKey, option: BarOption): void {
  picks(base, type).save(option);
}
