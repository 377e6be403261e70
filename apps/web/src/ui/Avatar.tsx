import styles from './Avatar.module.css';

const PALETTE = ['#e9f3fc', '#ecf4ee', '#fdf1dd', '#f4f0ff', '#fcf1ef', '#e8f4f5'];
const INK = ['#0b5cad', '#24663b', '#7a3f00', '#5943b6', '#ae1800', '#0b5a61'];

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: 16 | 24 | 32 | 48 | 64;
  /** Stable number (user or group id) choosing the fallback colour. */
  seed?: number;
  shape?: 'circle' | 'rect';
}

/**
 * A picture, or initials on a tinted background when there is none. The initials are drawn by CSS:
 * decorative, they must not become part of the visible text of a labelled button or link (WCAG 2.5.3).
 */
export function Avatar({ name, src, size = 24, seed = 0, shape = 'circle' }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.42)) };
  const className = `${styles.avatar} ${shape === 'rect' ? styles.rect : ''}`;
  if (src) return <img className={className} src={src} alt="" width={size} height={size} style={style} />;
  const index = Math.abs(seed) % PALETTE.length;
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, shape === 'rect' ? 1 : 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <span
      className={className}
      style={{ ...style, backgroundColor: PALETTE[index], color: INK[index] }}
      data-initials={initials}
      aria-hidden="true"
    />
  );
}
