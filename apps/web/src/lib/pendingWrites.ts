import { useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * One item's saves form a queue (a TanStack mutation scope): they reach the server in the order
 * they were made, so a start date set right after a due date is checked against that due date.
 */
export const writeScope = (id: string) => ({ id });

/** Whether saves of the scope `id` are still on their way (shown as the sidebar's aria-busy). */
export function useWritesPending(id: string): boolean {
  return useIsMutating({ predicate: (mutation) => mutation.options.scope?.id === id }) > 0;
}

/**
 * While any save is on its way, leaving or reloading the page asks first: a queued save would be
 * lost with the page (the browser shows its own "Changes you made may not be saved" text).
 */
export function useWarnBeforeUnloadWhileSaving() {
  const saving = useIsMutating() > 0;
  useEffect(() => {
    if (!saving) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saving]);
}
