import { describe, expect, it } from 'vitest';
import { expectCases, expectParseCases } from '../test/cases';
import { isValidColor, normalizeColor, textColorFor } from './color';
import { contrastRatio } from './contrast';
import { namedColors } from './named-colors';

describe('normalizeColor / isValidColor', () => {
  expectParseCases(
    normalizeColor,
    isValidColor,
    [
      ['#D9534F', '#D9534F'],
      ['#d9534f', '#d9534f'],
      ['#abc', '#aabbcc'],
      ['red', '#ff0000'],
      ['Red', '#ff0000'],
      ['rebeccapurple', '#663399'],
      [' #00ff00 ', '#00ff00'],
      ['#GGGGGG', null],
      ['#12345', null],
      ['d9534f', null],
      ['notacolour', null],
      ['', null],
      ['rgb(1,2,3)', null],
      ['constructor', null],
      ['__proto__', null],
      ['toString', null],
      ['hasOwnProperty', null],
    ],
    '%s → %s',
  );

  it('knows the 148 CSS colour names', () => {
    expect(Object.keys(namedColors)).toHaveLength(148);
    for (const hex of Object.values(namedColors)) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('textColorFor', () => {
  expectCases(
    textColorFor,
    [
      ['#ffffff', '#1F1E24'],
      ['#FFFF00', '#1F1E24'],
      ['#f0ad4e', '#1F1E24'],
      ['#5cb85c', '#1F1E24'],
      ['#1068bf', '#FFFFFF'],
      ['#000000', '#FFFFFF'],
      ['#cccccc', '#1F1E24'],
      ['#6699cc', '#1F1E24'],
      ['#e24329', '#000000'],
      ['#d9534f', '#000000'],
      ['white', '#1F1E24'],
      ['navy', '#FFFFFF'],
      ['junk', '#1F1E24'],
    ],
    '%s → %s',
  );

  it('reaches WCAG AA (4.5:1) on every CSS colour name and on a grid of 4,096 colours', () => {
    const grid = Array.from({ length: 4096 }, (_, n) => {
      const [r, g, b] = [n >> 8, (n >> 4) & 15, n & 15].map((v) => (v * 17).toString(16).padStart(2, '0'));
      return `#${r}${g}${b}`;
    });
    for (const bg of [...Object.values(namedColors), ...grid]) {
      expect(contrastRatio(bg, textColorFor(bg)), bg).toBeGreaterThanOrEqual(4.5);
    }
  });
});
