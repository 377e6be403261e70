import { Glyph } from './Glyph';

/** GitLab's epic glyph (a hexagon), ticked once the epic is closed (the epic tree's rows, the roadmap's). */
export function EpicIcon({ size, closed = false }: { size?: number; closed?: boolean }) {
  return (
    <Glyph size={size}>
      <path
        d="M8 1.5l5.5 3.2v6.6L8 14.5l-5.5-3.2V4.7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      {closed && <path d="M5.5 8l1.8 1.8L10.8 6" fill="none" stroke="currentColor" strokeWidth="1.4" />}
    </Glyph>
  );
}
