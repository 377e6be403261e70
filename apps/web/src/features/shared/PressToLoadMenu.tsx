import { type ReactNode, Suspense, useState } from 'react';

export interface PressToLoadMenuProps {
  /** The trigger's accessible name, e.g. 'Issue actions'. */
  label: string;
  className: string | undefined;
  /** Starts loading the menu's code (a dynamic import); called on hover or focus. */
  preload: () => Promise<unknown>;
  /** The lazily loaded menu, mounted (open) on the first press. */
  children: ReactNode;
}

/**
 * A "⋮" menu whose code (React Aria and the menu itself) is not part of the page's first load: until
 * its first press it is a plain button, the code loads on hover or focus, and the press mounts the
 * real menu, which opens itself.
 */
export function PressToLoadMenu({ label, className, preload, children }: PressToLoadMenuProps) {
  const [opened, setOpened] = useState(false);
  const placeholder = (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void preload()}
      onFocus={() => void preload()}
      onClick={() => setOpened(true)}
    >
      <span aria-hidden="true">⋮</span>
    </button>
  );
  if (!opened) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
