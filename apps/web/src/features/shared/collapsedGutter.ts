import { useState } from 'react';

/** GitLab's cookie for the right sidebar's collapsed state (IE §9). */
export const COLLAPSED_GUTTER_COOKIE = 'collapsed_gutter';
/** Below this width the sidebar starts collapsed when no choice is stored (as the layout's media query). */
const SMALL_SCREEN_QUERY = '(max-width: 1000px)';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The stored choice: true (collapsed), false (expanded), or null when there is none. */
export function readCollapsedGutter(cookie: string): boolean | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COLLAPSED_GUTTER_COOKIE) return value === 'true' ? true : value === 'false' ? false : null;
  }
  return null;
}

function initiallyCollapsed(): boolean {
  const stored = readCollapsedGutter(document.cookie);
  if (stored !== null) return stored;
  return typeof window.matchMedia === 'function' && window.matchMedia(SMALL_SCREEN_QUERY).matches;
}

/**
 * The sidebar's collapsed state kept in the `collapsed_gutter` cookie, so it holds across pages and
 * reloads; without a stored choice it starts collapsed on small screens (IE §2.3).
 */
export function useCollapsedGutter(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const toggle = () => {
    const next = !collapsed;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser.
    document.cookie = `${COLLAPSED_GUTTER_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
    setCollapsed(next);
  };
  return [collapsed, toggle];
}
