import { Outlet } from '@tanstack/react-router';
import { useWarnBeforeUnloadWhileSaving } from '../lib/pendingWrites';
import { ToastRegion } from '../ui/ToastRegion';
import { GeoSecondaryBanner } from './GeoSecondaryBanner';
import { TopBar } from './TopBar';

/**
 * Every page: the top bar (and on a Geo secondary its read-only banner), then the routed page.
 * Leaving while a save is still on its way asks first.
 */
export function RootLayout() {
  useWarnBeforeUnloadWhileSaving();
  return (
    <>
      <TopBar />
      <GeoSecondaryBanner />
      <Outlet />
      <ToastRegion />
    </>
  );
}
