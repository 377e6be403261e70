import { describe, expect, it } from 'vitest';
import { type DiffRow, sideBySideDiff } from './sideBySideDiff';

/** A row as text: their side | your side, changed pieces in [-…-] and {+…+}. */
const show = (rows: DiffRow[]) =>
  rows.map((row) => {
    const side = (pieces: DiffRow['theirs'], open: string, close: string) =>
      pieces === null ? '∅' : pieces.map((p) => (p.changed ? `${open}${p.text}${close}` : p.text)).join('');
    return `${side(row.theirs, '[-', '-]')} | ${side(row.yours, '{+', '+}')}`;
  });

describe('sideBySideDiff', () => {
  it('puts equal lines side by side and diffs a changed line word by word', () => {
    expect(show(sideBySideDiff('Intro\nThe plan is late\nEnd', 'Intro\nThe plan is early\nEnd'))).toEqual([
      'Intro | Intro',
      'The plan is [-late-] | The plan is {+early+}',
      'End | End',
    ]);
  });

  it('leaves the other side blank beside lines only one side has (a last line gaining a newline is no change)', () => {
    expect(show(sideBySideDiff('a\nb', 'a\nb\nc\nd'))).toEqual(['a | a', 'b | b', '∅ | {+c+}', '∅ | {+d+}']);
    expect(show(sideBySideDiff('First person wrote this', ''))).toEqual(['[-First person wrote this-] | ∅']);
  });

  it('marks nothing when the texts are the same', () => {
    expect(sideBySideDiff('same\ntext', 'same\ntext').every((row) => !row.changed)).toBe(true);
  });
});
