import type { SVGProps } from 'react';

/** A decorative glyph drawn on a 16-unit grid (hidden from assistive technology), `size` px square. */
export function Glyph({ size = 16, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" {...props} />;
}
