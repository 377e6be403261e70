import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { deploymentFrequency, type FrequencyInterval, frequencyRangeRefusal } from './frequency';

const d = (s: string) => new Date(s);
const finished = [
  d('2026-01-01T10:00:00Z'),
  d('2026-01-01T23:00:00Z'),
  d('2026-01-02T08:00:00Z'),
  d('2026-02-10T00:00:00Z'),
];

describe('deploymentFrequency', () => {
  expectCases(
    ([from, to, interval]: [string, string, FrequencyInterval]) =>
      deploymentFrequency(finished, d(from), d(to), interval),
    [
      [['2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z', 'all'], [{ value: 4, from: '2026-01-01', to: '2026-03-01' }]],
      [
        ['2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z', 'monthly'],
        [
          { value: 3, from: '2026-01-01', to: '2026-02-01' },
          { value: 1, from: '2026-02-01', to: '2026-03-01' },
        ],
      ],
      [
        ['2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z', 'daily'],
        [
          { value: 2, from: '2026-01-01', to: '2026-01-02' },
          { value: 1, from: '2026-01-02', to: '2026-01-03' },
        ],
      ],
      [['2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z', 'daily'], []],
    ],
  );
});

describe('frequencyRangeRefusal', () => {
  expectCases(
    ([from, to]: [string, string]) => frequencyRangeRefusal(d(from), d(to)),
    [
      [['2026-01-01', '2026-12-31'], null],
      [['2026-01-01', '2027-01-02'], 'Date range is greater than 365 days'],
      [['2026-02-01', '2026-01-01'], 'Parameter `to` is before the `from` date'],
    ],
  );
});
