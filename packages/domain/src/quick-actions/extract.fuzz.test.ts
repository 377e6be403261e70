import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, grammarText, parserInput, quick } from '../test/fuzz';
import { QUICK_ACTION_ALIASES, quickActionName } from './commands';
import { extractQuickActions, MAX_QUICK_ACTION_ARGS, MAX_QUICK_ACTIONS } from './extract';

/**
 * Fuzzing quick action extraction (issue 25): any text splits in time into at most MAX_QUICK_ACTIONS
 * known commands and the rest of the text, whose lines are the input's in order, and which holds no
 * command any more.
 */

const ALIASES = Object.values(QUICK_ACTION_ALIASES).flat() as string[];
const PIECES = [
  ...ALIASES.map((alias) => `\n/${alias} `),
  '\n/',
  '/',
  '\n```\n',
  '\n~~~\n',
  '\n   ```js\n',
  '\n>>>\n',
  '\n> ',
  '\r\n',
  '\n\n',
  ' @alice',
  ' ~"in progress"',
  ' %v1',
  ' #12',
  ' 1w 2d',
];
const text = fc.oneof(parserInput(PIECES), grammarText(PIECES, { maxPieces: 80, maxRepeat: 60 }));

const linesOf = (s: string) =>
  (s === '' ? [] : s.split('\n')).map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));

/** Whether `part`'s lines appear in `whole`'s lines, in order. */
function isSubsequence(part: string[], whole: string[]): boolean {
  let at = 0;
  for (const line of part) {
    while (at < whole.length && whole[at] !== line) at += 1;
    if (at === whole.length) return false;
    at += 1;
  }
  return true;
}

describe('extractQuickActions (fuzz)', () => {
  it('finds at most MAX_QUICK_ACTIONS known commands, in time, and keeps the other lines', () => {
    fc.assert(
      fc.property(text, (input) => {
        const { commands, text: rest } = quick(() => extractQuickActions(input));
        expect(commands.length).toBeLessThanOrEqual(MAX_QUICK_ACTIONS);
        if (commands.length === 0) expect(rest).toBe(input);
        for (const command of commands) {
          expect(quickActionName(command.alias)).toBe(command.name);
          expect(command.alias).toBe(command.alias.toLowerCase());
          expect(command.args).toBe(command.args.trim());
          expect(command.args.length).toBeLessThanOrEqual(MAX_QUICK_ACTION_ARGS);
        }
        if (commands.length > 0) expect(isSubsequence(linesOf(rest), linesOf(input))).toBe(true);
      }),
      fuzzRuns(1_500),
    );
  });

  it('the text left holds no command (extraction is idempotent) below the cap', () => {
    fc.assert(
      fc.property(text, (input) => {
        const first = extractQuickActions(input);
        fc.pre(first.commands.length < MAX_QUICK_ACTIONS);
        const second = extractQuickActions(first.text);
        expect(second.commands).toEqual([]);
        expect(second.text).toBe(first.text);
      }),
      fuzzRuns(1_000),
    );
  });

  it('an accepted subset of commands is exactly the commands the filter lets through', () => {
    const accepted = new Set(['label', 'close', 'assign']);
    fc.assert(
      fc.property(text, (input) => {
        const every = extractQuickActions(input).commands;
        fc.pre(every.length < MAX_QUICK_ACTIONS);
        const all = every.filter((c) => accepted.has(c.name));
        const some = extractQuickActions(input, (name) => accepted.has(name)).commands;
        expect(some.map((c) => c.name)).toEqual(all.map((c) => c.name));
      }),
      fuzzRuns(1_000),
    );
  });
});
