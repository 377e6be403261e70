import { diffLines, diffWordsWithSpace } from 'diff';

/** A piece of one side's line: kept as it is on both sides, or only on this side. */
export interface Piece {
  text: string;
  changed: boolean;
}

/** One row of the side-by-side view: their line and yours (null where a side has no line there). */
export interface DiffRow {
  theirs: Piece[] | null;
  yours: Piece[] | null;
  /** False when both sides are the same line. */
  changed: boolean;
}

// Past this many milliseconds jsdiff gives up, and the view shows the two texts whole, side by side.
const DIFF_TIMEOUT_MS = 250;

const linesOf = (value: string) => value.replace(/\n$/, '').split('\n');

/** Word pieces of a changed line pair: each side keeps the shared words and marks its own. */
function wordPieces(theirs: string, yours: string): { theirs: Piece[]; yours: Piece[] } {
  const parts = diffWordsWithSpace(theirs, yours, { timeout: DIFF_TIMEOUT_MS });
  if (!parts) return { theirs: [{ text: theirs, changed: true }], yours: [{ text: yours, changed: true }] };
  return {
    theirs: parts.filter((p) => !p.added).map((p) => ({ text: p.value, changed: p.removed })),
    yours: parts.filter((p) => !p.removed).map((p) => ({ text: p.value, changed: p.added })),
  };
}

/** A block of removed lines beside the added lines that replaced them, paired line by line. */
function changedRows(removed: string[], added: string[]): DiffRow[] {
  return Array.from({ length: Math.max(removed.length, added.length) }, (_, i) => {
    const theirs = removed[i];
    const yours = added[i];
    if (theirs !== undefined && yours !== undefined) return { ...wordPieces(theirs, yours), changed: true };
    return {
      theirs: theirs === undefined ? null : [{ text: theirs, changed: true }],
      yours: yours === undefined ? null : [{ text: yours, changed: true }],
      changed: true,
    };
  });
}

/**
 * Their text beside yours, row by row: equal lines side by side, a changed block's lines paired and
 * diffed word by word. Too large to diff in time: both texts whole, marked changed.
 */
export function sideBySideDiff(theirs: string, yours: string): DiffRow[] {
  const changes = diffLines(theirs, yours, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return changedRows([theirs], [yours]);
  const rows: DiffRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    rows.push(...changedRows(removed, added));
    removed = [];
    added = [];
  };
  for (const change of changes) {
    if (change.removed) removed.push(...linesOf(change.value));
    else if (change.added) added.push(...linesOf(change.value));
    else {
      flush();
      for (const line of linesOf(change.value)) {
        rows.push({
          theirs: [{ text: line, changed: false }],
          yours: [{ text: line, changed: false }],
          changed: false,
        });
      }
    }
  }
  flush();
  return rows;
}
