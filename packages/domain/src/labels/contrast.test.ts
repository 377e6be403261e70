import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './contrast';

describe('WCAG contrast', () => {
  it.each([
    ['#ffffff', 1],
    ['#000000', 0],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
    ['#808080', 0.2159],
  ])('relative luminance of %s is %f', (hex, luminance) => {
    expect(relativeLuminance(hex)).toBeCloseTo(luminance, 4);
  });

  // Reference values from WebAIM's contrast checker.
  it.each([
    ['#ffffff', '#000000', 21],
    ['#ffffff', '#767676', 4.54],
    ['#ffffff', '#777777', 4.48],
    ['#0000ff', '#ffffff', 8.59],
    ['#ff0000', '#ffffff', 4.0],
    ['#333333', '#ffffff', 12.63],
    ['#ffffff', '#ffffff', 1],
  ])('%s on %s is %f:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });
});
