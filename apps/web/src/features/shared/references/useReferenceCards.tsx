import { type FocusEvent, type MouseEvent, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import { type ReferenceTarget, referenceTargetOf } from './referenceCardApi';

const ReferenceCard = lazyNamed(() => import('./ReferenceCard'), 'ReferenceCard');

/** How long the pointer rests on a link before its card opens, and how long the card outlives leaving it. */
const OPEN_DELAY_MS = 200;
const CLOSE_DELAY_MS = 150;

const linkOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>('a.gfm[data-reference-type]') : null;

/**
 * Hover cards for the reference links of rendered Markdown: resting the pointer on (or focusing) an
 * issue, merge request, epic or user reference opens its card; leaving both closes it, Escape too.
 * Delegated on the Markdown's root; the card and its data load on first use.
 */
export function useReferenceCards(): {
  handlers: {
    onMouseOver: (event: MouseEvent) => void;
    onMouseOut: (event: MouseEvent) => void;
    onFocus: (event: FocusEvent) => void;
    onBlur: (event: FocusEvent) => void;
  };
  card: ReactNode;
} {
  const id = useId();
  const [shown, setShown] = useState<{ anchor: HTMLAnchorElement; target: ReferenceTarget } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The link names its card while it is open.
  useEffect(() => {
    if (!shown) return;
    shown.anchor.setAttribute('aria-describedby', id);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setShown(null);
    document.addEventListener('keydown', onKey);
    return () => {
      shown.anchor.removeAttribute('aria-describedby');
      document.removeEventListener('keydown', onKey);
    };
  }, [shown, id]);

  const open = (link: HTMLAnchorElement | null, delay: number) => {
    const target = link && referenceTargetOf(link);
    if (!link || !target) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown({ anchor: link, target }), delay);
  };
  const close = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(null), CLOSE_DELAY_MS);
  };

  return {
    handlers: {
      onMouseOver: (event) => open(linkOf(event.target), OPEN_DELAY_MS),
      onMouseOut: (event) => linkOf(event.target) && close(),
      onFocus: (event) => open(linkOf(event.target), 0),
      onBlur: (event) => linkOf(event.target) && close(),
    },
    card: shown ? (
      <Suspense fallback={null}>
        <ReferenceCard
          id={id}
          anchor={shown.anchor}
          target={shown.target}
          onPointerEnter={() => clearTimeout(timer.current)}
          onPointerLeave={close}
        />
      </Suspense>
    ) : null,
  };
}
