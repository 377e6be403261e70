import { Outlet } from '@tanstack/react-router';
import { ToastRegion } from '../ui/ToastRegion';
import { GeoSecondaryBanner } from './GeoSecondaryBanner';
import { TopBar } from './TopBar';

/** Every page: the top bar (and on a Geo secondary its read-only banner), then the routed page. */
export function RootLayout() {
  return (
    <>
      <TopBar />
      <GeoSecondaryBanner />
      <Outlet />
      <ToastRegion />
    </>
  );
}
