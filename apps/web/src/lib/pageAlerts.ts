/**
 * GitLab's `visitUrlWithAlerts`: alerts saved for the page a full navigation lands on, shown there
 * once. Kept in sessionStorage with the pathname they are for.
 */
const KEY = 'meridian-page-alerts';

export interface PageAlert {
  message: string;
  variant: 'info' | 'success' | 'warning' | 'danger';
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Loads `href` (a full navigation) and shows `alerts` on it. */
export function visitUrlWithAlerts(href: string, alerts: PageAlert[]): void {
  const url = new URL(href, window.location.href);
  storage()?.setItem(KEY, JSON.stringify({ pathname: url.pathname, alerts }));
  window.location.assign(url.href);
}

/** The alerts saved for the current page, removed as they are read. */
export function takePageAlerts(): PageAlert[] {
  const store = storage();
  const raw = store?.getItem(KEY);
  if (!store || !raw) return [];
  try {
    const saved = JSON.parse(raw) as { pathname?: string; alerts?: PageAlert[] };
    if (saved.pathname !== window.location.pathname) return [];
    store.removeItem(KEY);
    return Array.isArray(saved.alerts) ? saved.alerts : [];
  } catch {
    store.removeItem(KEY);
    return [];
  }
}
