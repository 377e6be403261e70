/**
 * WCAG 2.x colour contrast: relative luminance of an sRGB colour and the contrast ratio of two
 * colours, from https://www.w3.org/TR/WCAG21/#dfn-relative-luminance. Colours are `#rrggbb`.
 * contrastRatio('#ffffff', '#000000') → 21; contrastRatio('#ffffff', '#767676') → 4.54.
 */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
