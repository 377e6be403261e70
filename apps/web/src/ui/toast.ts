import { useSyncExternalStore } from 'react';

/** A short confirmation at the bottom of the page ('Reference copied'), as GitLab's toasts. */
export interface ToastMessage {
  id: number;
  text: string;
  /** An Undo (or other) button; a toast with one stays 10 s instead of 5. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run: () => void;
}

const SHOWN_FOR_MS = 5000;
const WITH_ACTION_MS = 10_000;
let current: ToastMessage | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(message: ToastMessage | null) {
  current = message;
  for (const listener of listeners) listener();
}

/** Shows `text` in the page's toast region, replacing the one shown; it hides after 5 s (10 s with an action). */
export function showToast(text: string, action?: ToastAction): void {
  clearTimeout(timer);
  publish({ id: nextId++, text, action });
  timer = setTimeout(() => publish(null), action ? WITH_ACTION_MS : SHOWN_FOR_MS);
}

export function dismissToast(): void {
  clearTimeout(timer);
  publish(null);
}

export function useToast(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
