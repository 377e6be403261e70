import { lazy, Suspense } from 'react';
import type { ReportAbuseDrawerProps } from './ReportAbuseDrawer';

const Drawer = lazy(async () => ({ default: (await import('./ReportAbuseDrawer')).ReportAbuseDrawer }));

/**
 * The report-abuse drawer, its code loaded the first time it opens (the issue page's first load has
 * no room for it). Issues, epics and comments open it with the author's id and the item's URL.
 */
export function LazyReportAbuseDrawer(props: ReportAbuseDrawerProps) {
  if (!props.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
