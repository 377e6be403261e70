/** The bar's 16 px icons (GitLab's history, clear and search glyphs, drawn as plain SVG). */
const svgProps = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round' as const,
  focusable: false,
};

export function HistoryIcon() {
  return (
    <svg {...svgProps} aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 4.5V8l2.5 1.5" />
    </svg>
  );
}

export function ClearIcon() {
  return (
    <svg {...svgProps} aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" fill="currentColor" stroke="none" />
      <path d="M5.75 5.75l4.5 4.5M10.25 5.75l-4.5 4.5" stroke="#fff" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg {...svgProps} aria-hidden="true">
      <circle cx="7" cy="7" r="4.75" />
      <path d="M10.5 10.5l3.5 3.5" />
    </svg>
  );
}
