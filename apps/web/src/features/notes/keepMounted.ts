import { createContext, useContext, useEffect } from 'react';

/**
 * The virtualized timeline unmounts rows scrolled far away; a row with an open form (reply, edit)
 * must stay, or its text and focus would be lost. A row's content calls `useKeepMounted(open)`;
 * the row's provider pins it while any of its forms is open.
 */
export const KeepMountedContext = createContext<(() => () => void) | null>(null);

export function useKeepMounted(active: boolean): void {
  const pin = useContext(KeepMountedContext);
  useEffect(() => {
    if (!active || !pin) return;
    return pin();
  }, [active, pin]);
}
