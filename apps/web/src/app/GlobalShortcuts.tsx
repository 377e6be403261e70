import { Suspense, useEffect, useState } from 'react';
import { parseResourcePath, urls } from '../lib/paths';
import { isTypingTarget } from '../lib/shortcuts';
import styles from './GlobalShortcuts.module.css';
import { lazyNamed } from './lazyNamed';

// Loaded the first time someone presses `?` or the help button: no page needs the dialog's code before that.
const ShortcutsDialog = lazyNamed(() => import('./ShortcutsDialog'), 'ShortcutsDialog');

/** Listens for the global shortcuts; owns the help dialog and the top bar's button opening it. */
export function GlobalShortcuts({
  onNavigate,
  onFocusSearch,
}: {
  onNavigate: (href: string) => void;
  onFocusSearch: () => void;
}) {
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen((open) => !open);
        return;
      }
      if (helpOpen) return;
      if (event.key === 's' || event.key === '/') {
        event.preventDefault();
        onFocusSearch();
      } else if (event.key === 'P') {
        onNavigate('/dashboard/projects');
      } else if (event.key === 'G') {
        onNavigate('/dashboard/groups');
      } else if (event.key === 'i') {
        // IE §9: `i` opens a new issue on a project's pages.
        const here = parseResourcePath(window.location.pathname);
        if (here.kind === 'project') onNavigate(urls.newIssue(here.fullPath));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [helpOpen, onNavigate, onFocusSearch]);

  return (
    <>
      <button
        type="button"
        className={styles.help}
        aria-label="Keyboard shortcuts (?)"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        onClick={() => setHelpOpen(true)}
      >
        ?
      </button>
      {helpOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog isOpen onOpenChange={setHelpOpen} />
        </Suspense>
      )}
    </>
  );
}
