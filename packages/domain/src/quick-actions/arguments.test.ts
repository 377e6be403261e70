import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import {
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

describe('splitQuickActionArgs', () => {
  expectCases(splitQuickActionArgs, [
    ['~bug ~"in progress",~x', ['~bug', '~"in progress"', '~x']],
    ['~"a \\"b\\" c"', ['~"a \\"b\\" c"']],
    ['  ', []],
  ]);
});

describe('parseLabelArgs', () => {
  expectCases(parseLabelArgs, [
    ['~bug', ['bug']],
    ['~bug ~"label with spaces" ~scope::value', ['bug', 'label with spaces', 'scope::value']],
    ['~"scoped::with space"', ['scoped::with space']],
    ['bug feature', ['bug', 'feature']],
    ['~bug ~bug', ['bug']],
    ['~"unterminated', []],
    ['~"a \\"quoted\\" one"', ['a "quoted" one']],
    ['', []],
    // Found by arguments.fuzz.test.ts: titles ending in `"` or `\`, as formatReference quotes them.
    ['~"\\"\\\\" ~a', ['"\\', 'a']],
    ['~"ends with \\"" ~b', ['ends with "', 'b']],
    ['~"a\\"b"', ['a"b']],
    ['~"a"b', []],
  ]);
});

describe('parseUserArgs', () => {
  expectCases(parseUserArgs, [
    ['@alice @bob', ['alice', 'bob']],
    ['@alice,@bob', ['alice', 'bob']],
    ['me', ['me']],
    ['alice', ['alice']],
    ['@a.b-c_d', ['a.b-c_d']],
    ['@<script>', []],
  ]);
});

describe('parseMilestoneArg', () => {
  expectCases(parseMilestoneArg, [
    ['%v1.0', 'v1.0'],
    ['%"Release 1"', 'Release 1'],
    ['Release 1', 'Release 1'],
    ['', null],
    ['%"open', null],
    // Found by arguments.fuzz.test.ts: `%"a \\"` is the milestone `a \`.
    ['%"a \\\\"', 'a \\'],
    ['%"a \\"', null],
  ]);
});

describe('parseIterationArg', () => {
  expectCases(parseIterationArg, [
    ['*iteration:"Sprint 3"', { title: 'Sprint 3' }],
    ['*iteration:42', { id: 42 }],
    ['*iteration:Sprint3', { title: 'Sprint3' }],
    ['Sprint 3', null],
    ['*iteration:', null],
    ['--current', { period: 'current', cadence: null }],
    ['  --NEXT ', { period: 'next', cadence: null }],
    ['cadence:"Two weeks" --current', { period: 'current', cadence: { title: 'Two weeks' } }],
    ['cadence:7 --next', { period: 'next', cadence: { id: 7 } }],
    ['cadence:Sprints --current', { period: 'current', cadence: { title: 'Sprints' } }],
    ['cadence: --current', null],
    ['cadence:"open --current', null],
    ['something --current', null],
    ['--current --next', null],
    ['--later', null],
  ]);
});

describe('parseEpicArg', () => {
  expectCases(parseEpicArg, [
    ['&12', { path: null, iid: 12 }],
    ['acme/sub&3', { path: 'acme/sub', iid: 3 }],
    ['https://meridian.test/groups/acme/sub/-/epics/7', { path: 'acme/sub', iid: 7 }],
    ['#12', null],
    ['epic', null],
    // An epic URL's iid outside PostgreSQL's integer is none (as `&9999999999` already was).
    ['https://meridian.test/groups/acme/-/epics/9999999999', null],
    ['https://meridian.test/groups/acme/-/epics/0', null],
  ]);
});

describe('parseIssueRefArgs', () => {
  expectCases(parseIssueRefArgs, [
    ['#1 #2, acme/web#3', ['#1', '#2', 'acme/web#3']],
    ['#1 #1', ['#1']],
  ]);
});

describe('parseEmojiArg', () => {
  expectCases(parseEmojiArg, [
    [':thumbsup:', 'thumbsup'],
    [' 100 ', '100'],
    [':+1:', '+1'],
    ['::', null],
    [':Bad Name:', null],
    ['', null],
  ]);
});

describe('parseWeightArg', () => {
  expectCases(parseWeightArg, [
    ['3', 3],
    ['0', 0],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['99999999', null],
  ]);
});

describe('parseHealthStatusArg', () => {
  expectCases(parseHealthStatusArg, [
    ['on_track', 'on_track'],
    ['AT_RISK', 'at_risk'],
    ['needs_attention', 'needs_attention'],
    ['fine', null],
  ]);
});

describe('parseDateArg (today 2026-11-25)', () => {
  expectCases(
    (text: string) => parseDateArg(text, '2026-11-25'),
    [
      ['2026-12-01', '2026-12-01'],
      ['2026-02-30', null],
      ['today', '2026-11-25'],
      ['tomorrow', '2026-11-26'],
      ['yesterday', '2026-11-24'],
      ['in 2 days', '2026-11-27'],
      ['in 1 week', '2026-12-02'],
      ['3 weeks', '2026-12-16'],
      ['in 1 month', '2026-12-25'],
      ['December 1, 2026', '2026-12-01'],
      ['Dec 1st', '2026-12-01'],
      ['1 December 2027', '2027-12-01'],
      ['Feb 30 2026', null],
      ['someday', null],
      ['', null],
    ],
  );
});

describe('parseEstimateArg', () => {
  expectCases(parseEstimateArg, [
    ['1h 30m', 5400],
    ['0', 0],
    ['-1h', null],
    ['soon', null],
  ]);
});

describe('parseSpendArg (today 2026-11-25)', () => {
  expectCases(
    (text: string) => parseSpendArg(text, '2026-11-25'),
    [
      ['1h', { seconds: 3600, date: null }],
      ['-30m', { seconds: -1800, date: null }],
      ['1h 30m 2026-11-20', { seconds: 5400, date: '2026-11-20' }],
      ['1h 2026-12-20', null],
      ['lots', null],
      ['', null],
    ],
  );
});

it('parses hostile arguments in linear time', () => {
  // Backtracking on these would take seconds or more; the budget is wide for a loaded machine.
  const started = performance.now();
  parseLabelArgs(`~${'"\\'.repeat(500)}`);
  parseUserArgs('@'.repeat(1000));
  parseDateArg('in '.repeat(300), '2026-11-25');
  expect(performance.now() - started).toBeLessThan(1_000);
});
