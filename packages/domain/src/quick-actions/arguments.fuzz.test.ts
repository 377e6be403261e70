import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidIsoDate } from '../dates/iso-date';
import { formatReference } from '../references/references';
import { fuzzRuns, parserInput, quick } from '../test/fuzz';
import { formatDuration, MAX_DURATION_SECONDS } from '../time-tracking/duration';
import {
  formatQuickActionDate,
  MAX_QUICK_ACTION_REFERENCES,
  parseDateArg,
  parseEmojiArg,
  parseEpicArg,
  parseEstimateArg,
  parseHealthStatusArg,
  parseIssueRefArgs,
  parseIterationArg,
  parseLabelArgs,
  parseMilestoneArg,
  parseSpendArg,
  parseUserArgs,
  parseWeightArg,
  splitQuickActionArgs,
} from './arguments';

/**
 * Fuzzing quick action arguments (issue 25): `/assign @a @b`, `/label ~"x y"`, `/milestone %v1`,
 * `/due`, `/estimate 1w 2d`, `/spend`, `/epic`, `/iteration`, `/relate`… Any arguments parse in time
 * to a value in range or null, capped at MAX_QUICK_ACTION_REFERENCES; what `formatReference` and
 * `formatDuration` write reads back the same.
 */

const PIECES = [
  ' ',
  ',',
  '\t',
  '@',
  '~',
  '%',
  '&',
  '#',
  '"',
  '\\"',
  '\\',
  '::',
  '~"in progress"',
  '@alice',
  'me',
  '*iteration:',
  'cadence:',
  '--current',
  '--next',
  'group/sub',
  'https://example.com/groups/g/-/epics/',
  '1w',
  '2d',
  '3h',
  '30m',
  '1.5',
  '-',
  'mo',
  'in ',
  'days',
  'Dec',
  'December',
  '1st',
  '2026-12-01',
  'https://h/groups/acme/-/epics/9999999999',
  'today',
  ':thumbsup:',
];
const args = parserInput(PIECES);
const TODAY = '2026-06-15';
const ID_MAX = 2_147_483_647;

const inIdRange = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= ID_MAX;

describe('quick action arguments (fuzz)', () => {
  it('reference lists are capped, unique, non-empty and in time', () => {
    fc.assert(
      fc.property(args, (text) => {
        const tokens = quick(() => splitQuickActionArgs(text));
        for (const token of tokens) expect(token).not.toBe('');
        for (const parse of [parseLabelArgs, parseUserArgs, parseIssueRefArgs]) {
          const values = quick(() => parse(text));
          expect(values.length).toBeLessThanOrEqual(MAX_QUICK_ACTION_REFERENCES);
          expect(new Set(values).size).toBe(values.length);
          for (const value of values) expect(value).not.toBe('');
        }
        for (const title of parseLabelArgs(text)) {
          expect(title).toBe(title.trim());
          expect(title.length).toBeGreaterThan(0);
          expect(title.length).toBeLessThanOrEqual(255);
        }
        for (const name of parseUserArgs(text)) expect(name).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/);
      }),
      fuzzRuns(1_500),
    );
  });

  it('single-value arguments are null or in range, in time', () => {
    fc.assert(
      fc.property(args, (text) => {
        const milestone = quick(() => parseMilestoneArg(text));
        if (milestone !== null) expect(milestone.length).toBeGreaterThan(0);
        const iteration = quick(() => parseIterationArg(text));
        if (iteration && 'id' in iteration) expect(inIdRange(iteration.id)).toBe(true);
        const epic = quick(() => parseEpicArg(text));
        if (epic) expect(inIdRange(epic.iid)).toBe(true);
        const weight = quick(() => parseWeightArg(text));
        if (weight !== null) expect(weight >= 0 && weight <= 1_000_000).toBe(true);
        const due = quick(() => parseDateArg(text, TODAY));
        if (due !== null) expect(isValidIsoDate(due)).toBe(true);
        const estimate = quick(() => parseEstimateArg(text));
        if (estimate !== null) expect(estimate >= 0 && estimate <= MAX_DURATION_SECONDS).toBe(true);
        const spend = quick(() => parseSpendArg(text, TODAY));
        if (spend) {
          expect(spend.seconds).not.toBe(0);
          expect(Math.abs(spend.seconds)).toBeLessThanOrEqual(MAX_DURATION_SECONDS);
          if (spend.date !== null) expect(isValidIsoDate(spend.date) && spend.date <= TODAY).toBe(true);
        }
        quick(() => parseHealthStatusArg(text));
        const emoji = quick(() => parseEmojiArg(text));
        if (emoji !== null) expect(emoji).toMatch(/^[a-z0-9_+-]{1,64}$/);
      }),
      fuzzRuns(1_500),
    );
  });
});

/** A title as people name labels and milestones: anything, trimmed, at most 255 characters. */
const title = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
    fc
      .array(fc.constantFrom('a', ' ', '"', '\\', '~', '%', ',', '::', '\\"', 'é', '$&'), {
        minLength: 1,
        maxLength: 12,
      })
      .map((parts) => parts.join('')),
  )
  .map((s) => s.replaceAll('\n', ' ').trim())
  .filter((s) => s !== '' && s.length <= 255);

describe('quick action arguments read back what was written (fuzz)', () => {
  it('labels: parseLabelArgs(formatted ~labels) gives the titles', () => {
    fc.assert(
      fc.property(fc.uniqueArray(title, { minLength: 1, maxLength: 5 }), (titles) => {
        const text = titles.map((t) => formatReference({ kind: 'label', title: t })).join(' ');
        expect(parseLabelArgs(text)).toEqual(titles);
      }),
      fuzzRuns(1_000),
    );
  });

  it('milestones: parseMilestoneArg(formatted %milestone) gives the title', () => {
    fc.assert(
      fc.property(title, (t) => {
        expect(parseMilestoneArg(formatReference({ kind: 'milestone', title: t }))).toBe(t);
      }),
      fuzzRuns(1_000),
    );
  });

  it('users: parseUserArgs(@names) gives the names', () => {
    const username = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,30}$/);
    fc.assert(
      fc.property(fc.uniqueArray(username, { minLength: 1, maxLength: 20 }), (names) => {
        expect(parseUserArgs(names.map((n) => `@${n}`).join(' '))).toEqual(names);
      }),
      fuzzRuns(1_000),
    );
  });

  it('epics: parseEpicArg(formatted &iid) gives the path and iid', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,12}$/);
    const path = fc.option(
      fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')),
      { nil: null },
    );
    fc.assert(
      fc.property(path, fc.integer({ min: 1, max: ID_MAX }), (p, iid) => {
        expect(parseEpicArg(formatReference({ kind: 'epic', path: p, iid }))).toEqual({ path: p, iid });
      }),
      fuzzRuns(1_000),
    );
  });

  it('durations: parseEstimateArg(formatDuration(s)) is s', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_DURATION_SECONDS }), (seconds) => {
        expect(parseEstimateArg(formatDuration(seconds) as string)).toBe(seconds);
        expect(parseSpendArg(formatDuration(-seconds) as string, TODAY)).toEqual({ seconds: -seconds, date: null });
      }),
      fuzzRuns(1_000),
    );
  });

  it('dates: an ISO date and its `Dec 1, 2026` form read back as the date', () => {
    const date = fc
      .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, (iso) => {
        expect(parseDateArg(iso, TODAY)).toBe(iso);
        expect(parseDateArg(formatQuickActionDate(iso), TODAY)).toBe(iso);
      }),
      fuzzRuns(1_000),
    );
  });
});
