/** Frames the element must stay put before it is let go. */
const STABLE_FRAMES = 10;
/** Never hold longer than this (about two seconds). */
const MAX_FRAMES = 120;
const READER_INPUT = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls the element with this id to the top of the window (below the sticky bars, through its
 * `scroll-margin-top`) and keeps it there while the rows around it are measured: a virtual list
 * replaces estimated heights with real ones on the next frames, which would move the element away.
 * Let go once it has stayed put for a few frames, after two seconds, or as soon as the reader
 * scrolls or types. Returns the function that lets go early (on unmount).
 */
export function holdInView(id: string): () => void {
  let frames = 0;
  let stable = 0;
  let settledTop: number | null = null;
  let handle = 0;
  const stop = () => {
    cancelAnimationFrame(handle);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  };
  const tick = () => {
    const element = document.getElementById(id);
    if (element) {
      const top = element.getBoundingClientRect().top;
      if (settledTop === null || Math.abs(top - settledTop) > 0.5) {
        element.scrollIntoView({ block: 'start' });
        settledTop = element.getBoundingClientRect().top;
        stable = 0;
      } else stable += 1;
    }
    if (stable >= STABLE_FRAMES || ++frames >= MAX_FRAMES) stop();
    else handle = requestAnimationFrame(tick);
  };
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  tick();
  return stop;
}
