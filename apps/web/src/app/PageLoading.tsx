/** What shows while a page's code arrives (usually a few milliseconds). */
export function PageLoading() {
  return (
    <main id="main" aria-busy="true">
      <p role="status">Loading…</p>
    </main>
  );
}
