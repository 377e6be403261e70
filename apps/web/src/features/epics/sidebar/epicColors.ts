/** IE §3: the suggested epic colours, Blue the default. */
export const SUGGESTED_EPIC_COLORS = [
  { name: 'Blue', hex: '#1068bf' },
  { name: 'Green', hex: '#217645' },
  { name: 'Red', hex: '#c91c00' },
  { name: 'Orange', hex: '#9e5400' },
  { name: 'Purple', hex: '#694cc0' },
] as const;

export const DEFAULT_EPIC_COLOR = '#1068bf';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const isHexColor = (value: string) => HEX_COLOR.test(value);

/** 'Blue' for a suggested colour (any case), else null (a custom colour is shown as its hex). */
export function suggestedColorName(hex: string): string | null {
  const lower = hex.toLowerCase();
  return SUGGESTED_EPIC_COLORS.find((c) => c.hex === lower)?.name ?? null;
}
