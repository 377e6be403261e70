/**
 * Polls an ETag'd endpoint (`realtime_changes`) with `If-None-Match: etag` until it stops answering
 * 304, for at most `withinMs` after the call: the answer that changed (or the last 304), and how long
 * the change took to show.
 */
export async function pollUntilChanged(
  poll: (etag: string) => Promise<Response>,
  etag: string,
  withinMs = 1_000,
): Promise<{ answer: Response; tookMs: number }> {
  const started = Date.now();
  let answer = await poll(etag);
  while (answer.status === 304 && Date.now() - started < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer = await poll(etag);
  }
  return { answer, tookMs: Date.now() - started };
}
