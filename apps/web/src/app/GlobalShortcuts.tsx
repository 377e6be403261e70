import { useRouter } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState } from 'react';
import { showToast } from '../ui/toast';
import styles from './GlobalShortcuts.module.css';
import { lazyNamed } from './lazyNamed';
import { installShortcutListener } from './shortcutListener';

// Loaded the first time someone presses `?` or the help button: no page needs the dialog's code before that.
const ShortcutsDialog = lazyNamed(() => import('../features/shortcuts/ShortcutsDialog'), 'ShortcutsDialog');

/** Installs the keyboard shortcuts; owns the help dialog and the top bar's button opening it. */
export function GlobalShortcuts({ onFocusSearch }: { onFocusSearch: () => void }) {
  const router = useRouter();
  const [helpOpen, setHelpOpen] = useState(false);
  // The listener outlives renders: it reaches the router and the search box through this ref.
  const latest = useRef({ router, onFocusSearch });
  latest.current = { router, onFocusSearch };

  useEffect(
    () =>
      installShortcutListener({
        navigate: (href) => void latest.current.router.navigate({ href }),
        focusSearch: () => latest.current.onFocusSearch(),
        toggleHelp: () => setHelpOpen((open) => !open),
        hasRoute: (path) => path in latest.current.router.routesByPath,
        notify: showToast,
      }),
    [],
  );

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
