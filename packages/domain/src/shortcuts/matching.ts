/**
 * Matching key strokes against bindings, one stroke at a time (sequences such as `g` then `i`).
 *
 * A stroke that completes a binding runs it, unless a longer binding starts the same way (`c` and
 * `c r`): then it waits for the next stroke, and runs the shorter one when that stroke does not go
 * on (or when the caller's sequence timeout passes: `flushPending`).
 */

export interface Binding {
  id: string;
  /** Canonical strokes (see `keys.ts`). */
  sequence: readonly string[];
}

export interface StrokeResult {
  /** Command ids to run now, in order. */
  run: string[];
  /** Strokes typed so far of a sequence that may go on. */
  pending: string[];
}

const startsWith = (sequence: readonly string[], prefix: readonly string[]) =>
  prefix.length <= sequence.length && prefix.every((stroke, index) => sequence[index] === stroke);

const exactMatch = (bindings: readonly Binding[], strokes: readonly string[]) =>
  bindings.find((b) => b.sequence.length === strokes.length && startsWith(b.sequence, strokes))?.id ?? null;

function advance(bindings: readonly Binding[], strokes: string[]): StrokeResult | null {
  const goesOn = bindings.some((b) => b.sequence.length > strokes.length && startsWith(b.sequence, strokes));
  if (goesOn) return { run: [], pending: strokes };
  const id = exactMatch(bindings, strokes);
  return id === null ? null : { run: [id], pending: [] };
}

/** What a new stroke does after the strokes already pending. */
export function matchStroke(bindings: readonly Binding[], pending: readonly string[], stroke: string): StrokeResult {
  if (pending.length > 0) {
    const continued = advance(bindings, [...pending, stroke]);
    if (continued) return continued;
  }
  // The pending sequence ends here: what it completed runs, and this stroke starts afresh.
  const before = pending.length > 0 ? flushPending(bindings, pending) : null;
  const fresh = advance(bindings, [stroke]) ?? { run: [], pending: [] };
  return before === null ? fresh : { run: [before, ...fresh.run], pending: fresh.pending };
}

/** The command the pending strokes complete on their own (when no further stroke came in time). */
export function flushPending(bindings: readonly Binding[], pending: readonly string[]): string | null {
  return pending.length === 0 ? null : exactMatch(bindings, pending);
}
