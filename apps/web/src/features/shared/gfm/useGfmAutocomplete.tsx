import {
  applyGfmChoice,
  findGfmQuery,
  GFM_DISPLAY_TIMEOUT_MS,
  type GfmChoice,
  type GfmTrigger,
} from '@meridian/domain';
import { type KeyboardEvent, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import type { GfmContext } from './gfmAutocompleteApi';

export type GfmKeyHandler = (event: KeyboardEvent) => boolean;

// The list, its data fetching and caret measuring load with the first trigger character typed.
const GfmAutocompletePopover = lazyNamed(() => import('./GfmAutocompletePopover'), 'GfmAutocompletePopover');

/**
 * GitLab's Markdown autocomplete on a textarea (IE §5, §9): a trigger (`@ # ! & ~ % :`) at a word
 * start opens up to 5 suggestions for what follows, the first highlighted; arrows move, Tab and
 * Enter insert, space does not (it ends the query), Escape closes; leaving the field closes it after
 * 300 ms. `replace` receives the new text and where the caret goes.
 */
export function useGfmAutocomplete({
  textarea,
  value,
  context,
  replace,
  triggers,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  context: GfmContext | null;
  replace: (text: string, caret: number) => void;
  /** Only these triggers open suggestions (a references field wants `#` or `&`); all by default. */
  triggers?: readonly GfmTrigger[];
}): {
  onKeyDown: GfmKeyHandler;
  fieldProps: {
    onSelect: () => void;
    onFocus: () => void;
    onBlur: () => void;
    'aria-autocomplete': 'list' | undefined;
  };
  popover: ReactNode;
} {
  const [caret, setCaret] = useState(-1);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keys = useRef<GfmKeyHandler | null>(null);

  const found = context && focused && caret >= 0 ? findGfmQuery(value, caret) : null;
  const query = found && (!triggers || triggers.includes(found.trigger)) ? found : null;
  const open = query !== null && query.start !== dismissed;
  // A dismissed query stays closed until it ends.
  useEffect(() => {
    if (query === null) setDismissed(null);
  }, [query]);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const track = () => {
    const field = textarea.current;
    if (field) setCaret(field.selectionStart === field.selectionEnd ? field.selectionStart : -1);
  };

  const onKeyDown: GfmKeyHandler = (event) => {
    if (!open || !query) return false;
    if (event.key === 'Escape') {
      // Closing the list is all Escape does here: a form around the field must not also cancel.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(query.start);
      return true;
    }
    return keys.current?.(event) ?? false;
  };

  const choose = (choice: GfmChoice) => {
    if (!query) return;
    const next = applyGfmChoice(value, caret, query, choice);
    setCaret(next.caret);
    replace(next.text, next.caret);
  };

  const popover =
    open && query && context && textarea.current ? (
      <Suspense fallback={null}>
        <GfmAutocompletePopover
          textarea={textarea.current}
          query={query}
          context={context}
          keys={keys}
          onChoose={choose}
        />
      </Suspense>
    ) : null;

  return {
    onKeyDown,
    fieldProps: {
      onSelect: track,
      onFocus: () => {
        clearTimeout(blurTimer.current);
        setFocused(true);
        track();
      },
      onBlur: () => {
        clearTimeout(blurTimer.current);
        blurTimer.current = setTimeout(() => setFocused(false), GFM_DISPLAY_TIMEOUT_MS);
      },
      'aria-autocomplete': context ? 'list' : undefined,
    },
    popover,
  };
}
