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

/** The drawer that reports an issue's or epic's author, from the item's URL (the page's when it has none). */
export function ReportAuthorDrawer({
  item,
  isOpen,
  onOpenChange,
}: {
  item: { author?: { id: number } | null; web_url?: string | null };
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  if (!item.author) return null;
  return (
    <LazyReportAbuseDrawer
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      reportedUserId={item.author.id}
      reportedFromUrl={item.web_url ?? window.location.href}
    />
  );
}
