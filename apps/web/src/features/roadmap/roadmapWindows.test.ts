import { describe, expect, it } from 'vitest';
import { joinWindows, planWindows } from './roadmapWindows';

describe('planWindows', () => {
  it.each([
    ['nothing after the first page', 50, 50, 1000, 1000, []],
    ['one short window', 50, 120, 1000, 1000, [{ offset: 50, limit: 70 }]],
    [
      'windows up to the total',
      50,
      2600,
      5000,
      1000,
      [
        { offset: 50, limit: 1000 },
        { offset: 1050, limit: 1000 },
        { offset: 2050, limit: 550 },
      ],
    ],
    ['stops at the limit when the total is larger', 50, 10_001, 1000, 1000, [{ offset: 50, limit: 950 }]],
    ['a limit below the first page', 50, 900, 20, 1000, []],
  ])('%s', (_name, start, total, max, size, expected) => {
    expect(planWindows(start, total, max, size)).toEqual(expected);
  });
});

describe('joinWindows', () => {
  const e = (id: string) => ({ id });
  it('joins the windows in order, without repeats', () => {
    expect(joinWindows([e('1'), e('2')], [[e('2'), e('3')], [e('4')]])).toEqual({
      epics: [e('1'), e('2'), e('3'), e('4')],
      complete: true,
    });
  });

  it('stops at the first window still on its way', () => {
    expect(joinWindows([e('1')], [undefined, [e('9')]])).toEqual({ epics: [e('1')], complete: false });
    expect(joinWindows([e('1')], [[e('2')], undefined])).toEqual({ epics: [e('1'), e('2')], complete: false });
  });

  it('is complete with the first page alone when there is no window', () => {
    expect(joinWindows([e('1')], [])).toEqual({ epics: [e('1')], complete: true });
  });
});
