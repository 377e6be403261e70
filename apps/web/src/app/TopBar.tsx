import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { AppLink } from '../lib/AppLink';
import { useSession } from '../lib/session';
import { buttonClassName } from '../ui/buttonClassName';
import { GlobalShortcuts } from './GlobalShortcuts';
import styles from './TopBar.module.css';
import { UserMenu } from './UserMenu';

/** The signed-in user's dashboard pages, as the bar's navigation. */
const DASHBOARD_LINKS = [
  ['/dashboard/projects', 'Projects'],
  ['/dashboard/groups', 'Groups'],
  ['/dashboard/todos', 'To-Do List'],
] as const;

/** Logo, search (→ /dashboard/projects?search=), shortcuts, user menu or sign-in link. */
export function TopBar() {
  const router = useRouter();
  const { user, isLoading } = useSession();
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');

  const navigate = useCallback((href: string) => void router.navigate({ href }), [router]);
  const focusSearch = useCallback(() => searchRef.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const term = search.trim();
    navigate(term ? `/dashboard/projects?search=${encodeURIComponent(term)}` : '/dashboard/projects');
  };

  return (
    <header className={styles.bar}>
      <a href="#main" className={styles.skip}>
        Skip to main content
      </a>
      <AppLink href="/" className={styles.logo} aria-label="Meridian home">
        <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="#1f75cb" />
          <path d="M8 23V9l8 9 8-9v14" stroke="#fff" strokeWidth="3" fill="none" strokeLinejoin="round" />
        </svg>
        <span>Meridian</span>
      </AppLink>
      {user && (
        <nav aria-label="Dashboard" className={styles.nav}>
          {DASHBOARD_LINKS.map(([href, label]) => (
            <AppLink key={href} href={href} className={styles.navLink}>
              {label}
            </AppLink>
          ))}
        </nav>
      )}
      <search className={styles.search}>
        <form onSubmit={onSubmit}>
          <label htmlFor="top-search" className="visually-hidden">
            Search projects
          </label>
          <input
            id="top-search"
            ref={searchRef}
            type="search"
            placeholder="Search projects (press / to focus)"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') event.currentTarget.blur();
            }}
          />
        </form>
      </search>
      <div className={styles.end}>
        <GlobalShortcuts onFocusSearch={focusSearch} />
        {user ? (
          <UserMenu user={user} />
        ) : isLoading ? null : (
          <AppLink href="/users/sign_in" className={buttonClassName('confirm', 'small')}>
            Sign in
          </AppLink>
        )}
      </div>
    </header>
  );
}
