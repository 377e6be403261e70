import { useEffect, useState } from 'react';
import type { ImportJob } from './importCsvApi';

/** How often the progress bar asks; unchanged answers are a 304 with no SQL (the live channel says when it changed). */
const POLL_MS = 1_000;

const ended = (job: ImportJob | null) => job?.state === 'finished' || job?.state === 'failed';

/**
 * The job as it progresses: polls its view with the last ETag until it ends. The server answers 304
 * until a progress event (one per committed batch) arrives on the live channel, so the bar moves
 * batch by batch.
 */
export function useImportJob(jobPath: string | undefined, initial: ImportJob | null): ImportJob | null {
  const [job, setJob] = useState<ImportJob | null>(initial);
  useEffect(() => {
    setJob(initial);
  }, [initial]);
  useEffect(() => {
    if (jobPath === undefined) return;
    let etag: string | null = null;
    let timer: number | undefined;
    let stopped = false;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const response = await fetch(jobPath, {
          cache: 'no-store',
          credentials: 'same-origin',
          headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) },
          signal: controller.signal,
        });
        if (response.status === 200) {
          etag = response.headers.get('ETag');
          const next = (await response.json()) as ImportJob;
          setJob(next);
          if (ended(next)) return;
        } else if (response.status !== 304) {
          return;
        }
      } catch {
        return; // left the dialog, or offline
      }
      if (!stopped) timer = window.setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [jobPath]);
  return job;
}
