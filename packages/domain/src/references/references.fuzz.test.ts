import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractMentions, MENTION_LIMIT } from '../mentions/mentions';
import { fuzzRuns, parserInput, quick } from '../test/fuzz';
import { formatReference, parseReference, type Reference } from './references';

/**
 * Fuzzing reference tokens (issue 25): `group/project#12`, `&5`, `group::&3`, `~"x y"`, `%v1`, and
 * `@mentions` in text. Any text parses in time; ids stay in range; formatReference ∘ parseReference is stable.
 */

const PIECES = ['#', '&', '::', '~', '%', '@', '"', '\\"', '\\', '/', 'group/sub', 'a', '.', '-', '_', '12', ' '];
const text = parserInput(PIECES);
const ID_MAX = 2_147_483_647;

const segment = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,12}$/);
const path = fc.option(
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')),
  { nil: null },
);
const iid = fc.integer({ min: 1, max: ID_MAX });
const title = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    fc
      .array(fc.constantFrom('a', ' ', '"', '\\', '~', '::', '$&', '#'), { minLength: 1, maxLength: 10 })
      .map((p) => p.join('')),
  )
  .filter((s) => s.trim() !== '' && !s.includes('\n'));
const reference: fc.Arbitrary<Reference> = fc.oneof(
  fc.record({ kind: fc.constant('issue' as const), path, iid }),
  fc.record({ kind: fc.constant('epic' as const), path, iid }),
  fc.record({ kind: fc.constant('label' as const), title }),
  fc.record({ kind: fc.constant('milestone' as const), title }),
);

describe('parseReference (fuzz)', () => {
  it('reads any text in time; ids are in range', () => {
    fc.assert(
      fc.property(text, (input) => {
        const ref = quick(() => parseReference(input));
        if (ref && (ref.kind === 'issue' || ref.kind === 'epic')) {
          expect(Number.isSafeInteger(ref.iid) && ref.iid >= 1 && ref.iid <= ID_MAX).toBe(true);
        }
        if (ref && (ref.kind === 'label' || ref.kind === 'milestone')) expect(ref.title).not.toBe('');
        if (ref) expect(parseReference(formatReference(ref))).toEqual(ref);
      }),
      fuzzRuns(1_500),
    );
  });

  it('parseReference(formatReference(ref)) is ref', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        expect(parseReference(formatReference(ref))).toEqual(ref);
      }),
      fuzzRuns(1_000),
    );
  });
});

describe('extractMentions (fuzz)', () => {
  it('finds at most MENTION_LIMIT lower-cased usernames that the text holds, in time', () => {
    const mentionText = parserInput(['@', '@alice', '@Bob.', ' ', '`', '```\n', '\n', 'a@b.c', '-', '.']);
    fc.assert(
      fc.property(mentionText, (input) => {
        const { usernames, directlyAddressed } = quick(() => extractMentions(input));
        expect(usernames.length).toBeLessThanOrEqual(MENTION_LIMIT);
        expect(new Set(usernames).size).toBe(usernames.length);
        const lower = input.toLowerCase();
        for (const name of usernames) {
          expect(name).toMatch(/^[a-z0-9_][a-z0-9_.-]*$/);
          expect(lower).toContain(`@${name}`);
        }
        for (const name of directlyAddressed) expect(usernames).toContain(name);
      }),
      fuzzRuns(1_000),
    );
  });
});
