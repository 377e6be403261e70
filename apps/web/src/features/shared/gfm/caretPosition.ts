/** The styles that decide where text wraps in a textarea, copied to the mirror. */
const COPIED = [
  'boxSizing',
  'width',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'fontStyle',
  'fontVariant',
  'fontWeight',
  'fontStretch',
  'fontSize',
  'lineHeight',
  'fontFamily',
  'textAlign',
  'textTransform',
  'textIndent',
  'letterSpacing',
  'wordSpacing',
  'tabSize',
] as const;

/**
 * Where character `index` of a textarea is drawn, relative to the textarea's border box (scroll
 * included): a hidden mirror div with the same text metrics, measured at a marker span.
 */
export function caretPosition(
  field: HTMLTextAreaElement,
  index: number,
): { top: number; left: number; height: number } {
  const mirror = document.createElement('div');
  const style = getComputedStyle(field);
  for (const key of COPIED) mirror.style[key] = style[key];
  mirror.style.position = 'absolute';
  mirror.style.visibility = 'hidden';
  mirror.style.top = '0';
  mirror.style.left = '-9999px';
  mirror.style.whiteSpace = 'pre-wrap';
  mirror.style.overflowWrap = 'break-word';
  mirror.textContent = field.value.slice(0, index);
  const marker = document.createElement('span');
  marker.textContent = field.value.slice(index) || '.';
  mirror.appendChild(marker);
  document.body.appendChild(mirror);
  const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.4;
  const position = {
    top: marker.offsetTop - field.scrollTop,
    left: marker.offsetLeft - field.scrollLeft,
    height: lineHeight,
  };
  mirror.remove();
  return position;
}
