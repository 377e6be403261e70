import { Outlet } from '@tanstack/react-router';
import { ToastRegion } from '../ui/ToastRegion';
import { TopBar } from './TopBar';

/** Every page: the top bar, then the routed page. */
export function RootLayout() {
  return (
    <>
      <TopBar />
      <Outlet />
      <ToastRegion />
    </>
  );
}
