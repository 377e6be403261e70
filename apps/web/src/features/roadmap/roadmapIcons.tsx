import { Glyph } from '../../ui/Glyph';
import styles from './roadmapIcons.module.css';

export function ChevronIcon({ open }: { open: boolean }) {
  return (
    <Glyph className={open ? styles.chevronOpen : undefined}>
      <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </Glyph>
  );
}

export function InfoIcon() {
  return (
    <Glyph>
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <path d="M8 7v4M8 4.8v.4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </Glyph>
  );
}

export function BlockedIcon() {
  return (
    <Glyph>
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3.5 12.5l9-9" stroke="currentColor" strokeWidth="1.5" />
    </Glyph>
  );
}

export function SettingsIcon() {
  return (
    <Glyph fill="none" stroke="currentColor" strokeWidth="1.4">
      <path d="M2 4h7M12 4h2M2 8h2M7 8h7M2 12h8M13 12h1" strokeLinecap="round" />
      <circle cx="10.5" cy="4" r="1.5" />
      <circle cx="5.5" cy="8" r="1.5" />
      <circle cx="11.5" cy="12" r="1.5" />
    </Glyph>
  );
}
