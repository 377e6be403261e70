import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { datesInOrder } from './date-order';

describe('datesInOrder', () => {
  expectCases(
    ([start, end]: readonly [string | null | undefined, string | null | undefined]) => datesInOrder(start, end),
    [
      [['2026-01-01', '2026-01-31'], true],
      [['2026-01-31', '2026-01-31'], true],
      [['2026-02-01', '2026-01-31'], false],
      [['2025-12-31', '2026-01-01'], true],
      [['2026-10-01', '2026-09-30'], false],
      [[null, '2026-01-01'], true],
      [['2026-01-01', null], true],
      [[null, null], true],
      [[undefined, '2026-01-01'], true],
      [['2026-01-01', undefined], true],
    ],
  );
});
