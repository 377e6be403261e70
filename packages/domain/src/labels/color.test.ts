import { describe, expect, it } from 'vitest';
import { isValidColor, normalizeColor, textColorFor } from './color';
import { namedColors } from './named-colors';

describe('normalizeColor / isValidColor', () => {
  it.each([
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
  ])('%s → %s', (input, expected) => {
    expect(normalizeColor(input)).toBe(expected);
    expect(isValidColor(input)).toBe(expected !== null);
  });

  it('knows the 148 CSS colour names', () => {
    expect(Object.keys(namedColors)).toHaveLength(148);
    for (const hex of Object.values(namedColors)) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('textColorFor', () => {
  it.each([
    ['#ffffff', '#333333'],
    ['#FFFF00', '#333333'],
    ['#f0ad4e', '#FFFFFF'],
    ['#5cb85c', '#FFFFFF'],
    ['#1068bf', '#FFFFFF'],
    ['#000000', '#FFFFFF'],
    ['#cccccc', '#333333'],
    ['#bababa', '#FFFFFF'],
    ['#bbbbbb', '#333333'],
    ['#bcbcbc', '#333333'],
    ['white', '#333333'],
    ['navy', '#FFFFFF'],
    ['junk', '#FFFFFF'],
  ])('%s → %s', (bg, expected) => {
    expect(textColorFor(bg)).toBe(expected);
  });
});
