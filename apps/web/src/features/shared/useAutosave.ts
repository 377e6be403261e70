import { safeStorage } from '../../lib/safeStorage';

/** IE §3: drafts live in localStorage under one prefix, with the lock_version they were written against. */
const PREFIX = 'autosave/';

export interface Draft<T> {
  value: T;
  lockVersion: number | null;
}

export function autosaveKey(parts: readonly string[]): string {
  return PREFIX + parts.join('/');
}

export function readDraft<T>(key: string): Draft<T> | null {
  const raw = safeStorage.get(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Draft<T>;
    return parsed && typeof parsed === 'object' && 'value' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, value: T, lockVersion: number | null): void {
  safeStorage.set(key, JSON.stringify({ value, lockVersion } satisfies Draft<T>));
}

export function clearDraft(key: string): void {
  safeStorage.remove(key);
}
