import { useState } from 'react';

/**
 * An import form's action, one at a time: `pending` while it runs, and the message of its failure
 * (the server's, else `fallback`) until the next run.
 */
export function useImportAction(fallback: string) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (run: () => Promise<void>) => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await run();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : fallback);
    } finally {
      setPending(false);
    }
  };
  return { pending, failure, act };
}
