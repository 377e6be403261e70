import { type ReactNode, Suspense, useRef } from 'react';
import { useInView } from './useInView';

/**
 * Renders `children` (a lazily loaded part of a page) once its place comes near the viewport: a long
 * page's activity loads when scrolled to, not with the page's first load.
 */
export function NearViewport({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useInView(place);
  return <div ref={place}>{near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}
