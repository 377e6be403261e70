import { describe, expect, it } from 'vitest';
import { type EpicDateSource, effectiveEpicDates, inheritedEpicDates } from './epic-dates';

const m = (id: number, startDate: string | null, dueDate: string | null): EpicDateSource => ({
  id,
  startDate,
  dueDate,
});

describe('inheritedEpicDates', () => {
  const cases: Array<{
    name: string;
    milestones: EpicDateSource[];
    epics: EpicDateSource[];
    expected: [string | null, number | null, number | null, string | null, number | null, number | null];
  }> = [
    { name: 'no sources', milestones: [], epics: [], expected: [null, null, null, null, null, null] },
    {
      name: 'one milestone',
      milestones: [m(1, '2024-01-10', '2024-02-01')],
      epics: [],
      expected: ['2024-01-10', 1, null, '2024-02-01', 1, null],
    },
    {
      name: 'child epic starts earlier, milestone ends later',
      milestones: [m(1, '2024-01-10', '2024-02-01')],
      epics: [m(7, '2023-12-01', '2024-01-15')],
      expected: ['2023-12-01', null, 7, '2024-02-01', 1, null],
    },
    {
      name: 'null dates are skipped',
      milestones: [m(1, null, '2024-03-01'), m(2, '2024-02-01', null)],
      epics: [m(3, null, null)],
      expected: ['2024-02-01', 2, null, '2024-03-01', 1, null],
    },
    {
      name: 'tie: milestone wins over epic, then lowest id',
      milestones: [m(5, '2024-01-01', '2024-05-01'), m(4, '2024-01-01', '2024-05-01')],
      epics: [m(1, '2024-01-01', '2024-05-01')],
      expected: ['2024-01-01', 4, null, '2024-05-01', 4, null],
    },
    {
      name: 'only epics',
      milestones: [],
      epics: [m(2, '2024-04-01', '2024-04-30'), m(3, '2024-03-01', '2024-06-30')],
      expected: ['2024-03-01', null, 3, '2024-06-30', null, 3],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = inheritedEpicDates(c.milestones, c.epics);
      expect([
        r.startDate,
        r.startDateSourcingMilestoneId,
        r.startDateSourcingEpicId,
        r.dueDate,
        r.dueDateSourcingMilestoneId,
        r.dueDateSourcingEpicId,
      ]).toEqual(c.expected);
    });
  }
});

describe('effectiveEpicDates', () => {
  const inherited = { startDate: '2024-01-01', dueDate: '2024-12-31' };
  const cases = [
    { fixed: [false, null, false, null], expected: ['2024-01-01', '2024-12-31'] },
    { fixed: [true, '2023-05-05', false, '2030-01-01'], expected: ['2023-05-05', '2024-12-31'] },
    { fixed: [false, '2023-05-05', true, '2025-01-01'], expected: ['2024-01-01', '2025-01-01'] },
    { fixed: [true, null, true, null], expected: [null, null] },
  ] as const;
  for (const c of cases) {
    it(`fixed ${JSON.stringify(c.fixed)}`, () => {
      const [startDateIsFixed, startDateFixed, dueDateIsFixed, dueDateFixed] = c.fixed;
      const r = effectiveEpicDates({ startDateIsFixed, startDateFixed, dueDateIsFixed, dueDateFixed }, inherited);
      expect([r.startDate, r.dueDate]).toEqual(c.expected);
    });
  }
});
