import type { GfmChoice, GfmQuery, GfmSource } from '@meridian/domain';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useLayoutEffect, useState } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { caretPosition } from './caretPosition';
import styles from './GfmAutocomplete.module.css';
import { fetchGfmSuggestions, type GfmContext, type GfmSuggestion } from './gfmAutocompleteApi';
import type { GfmKeyHandler } from './useGfmAutocomplete';

function choiceOf(source: GfmSource, s: GfmSuggestion): GfmChoice {
  switch (source) {
    case 'members':
      return { source, username: s.username ?? '' };
    case 'issues':
    case 'merge_requests':
    case 'epics':
      return { source, reference: s.reference ?? '' };
    case 'labels':
    case 'milestones':
      return { source, title: s.title ?? '' };
    case 'emojis':
      return { source, name: s.name ?? '' };
  }
}

function SuggestionText({ source, s }: { source: GfmSource; s: GfmSuggestion }) {
  switch (source) {
    case 'members':
      return (
        <>
          <Avatar name={s.name ?? ''} src={s.avatar_url} size={16} />
          <span className={styles.main}>{s.name}</span>
          <span className={styles.secondary}>@{s.username}</span>
        </>
      );
    case 'labels':
      return (
        <>
          <span className={styles.swatch} style={{ backgroundColor: s.color }} aria-hidden="true" />
          <span className={styles.main}>{s.title}</span>
        </>
      );
    case 'milestones':
      return (
        <>
          <span className={styles.main}>{s.title}</span>
          {s.due_date && <span className={styles.secondary}>due {s.due_date}</span>}
        </>
      );
    case 'emojis':
      return (
        <>
          <span aria-hidden="true">{s.emoji}</span>
          <span className={styles.main}>:{s.name}:</span>
        </>
      );
    default:
      return (
        <>
          <span className={styles.reference}>{s.reference}</span>
          <span className={styles.main}>{s.title}</span>
        </>
      );
  }
}

const SOURCE_NAMES: Record<GfmSource, string> = {
  members: 'Users',
  issues: 'Issues',
  merge_requests: 'Merge requests',
  epics: 'Epics',
  labels: 'Labels',
  milestones: 'Milestones',
  emojis: 'Emoji',
};

/**
 * The suggestion list under the caret (role=listbox; focus stays in the textarea, which points at
 * the highlighted option with aria-activedescendant). Loaded lazily by useGfmAutocomplete.
 */
export function GfmAutocompletePopover({
  textarea,
  query,
  context,
  keys,
  onChoose,
}: {
  textarea: HTMLTextAreaElement;
  query: GfmQuery;
  context: GfmContext;
  keys: RefObject<GfmKeyHandler | null>;
  onChoose: (choice: GfmChoice) => void;
}) {
  const listId = useId();
  const { source } = query;
  const suggestions = useQuery({
    queryKey: ['gfm-autocomplete', context.kind, context.path, Boolean(context.confidential), source, query.query],
    queryFn: ({ signal }) => fetchGfmSuggestions(context, source, query.query, signal),
    staleTime: 30_000,
    // While the next answer loads, keep showing this source's last one (no flicker between keystrokes).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[4] === source ? previous : undefined),
  });
  const items = suggestions.data ?? [];
  // The highlighted option, for the answer it was chosen in: a new answer highlights its first match.
  const [active, setActiveFor] = useState<{ answer: unknown; index: number }>({ answer: null, index: 0 });
  const current = active.answer === suggestions.data ? Math.min(active.index, Math.max(0, items.length - 1)) : 0;
  const setActive = (index: number) => setActiveFor({ answer: suggestions.data, index });

  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const caret = caretPosition(textarea, query.start);
    const maxLeft = Math.max(0, textarea.offsetLeft + textarea.clientWidth - 280);
    setPosition({
      top: textarea.offsetTop + caret.top + caret.height + 2,
      left: Math.min(textarea.offsetLeft + caret.left, maxLeft),
    });
  }, [textarea, query.start]);

  const optionId = (index: number) => `${listId}-${index}`;
  const shown = items.length > 0;
  useEffect(() => {
    if (!shown) return;
    textarea.setAttribute('aria-controls', listId);
    textarea.setAttribute('aria-activedescendant', optionId(current));
    return () => {
      textarea.removeAttribute('aria-controls');
      textarea.removeAttribute('aria-activedescendant');
    };
  });

  const handleKey: GfmKeyHandler = (event) => {
    if (!shown) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && !event.metaKey && !event.ctrlKey) {
      const chosen = items[current];
      if (!chosen) return false;
      event.preventDefault();
      onChoose(choiceOf(source, chosen));
      return true;
    }
    return false;
  };
  useLayoutEffect(() => {
    keys.current = handleKey;
  });
  useEffect(
    () => () => {
      keys.current = null;
    },
    [keys],
  );

  if (!shown || !position) return null;
  return (
    <div className={styles.popover} style={position} data-testid="gfm-autocomplete">
      <div id={listId} role="listbox" aria-label={SOURCE_NAMES[source]} className={styles.list}>
        {items.map((s, index) => (
          // Keyboard selection happens in the textarea (aria-activedescendant), not on the options.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={s.reference ?? s.username ?? s.title ?? s.name}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === current}
            className={`${styles.option} ${index === current ? styles.active : ''}`}
            // Keeps focus (and the caret) in the textarea.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(choiceOf(source, s))}
            onMouseMove={() => index !== current && setActive(index)}
          >
            <SuggestionText source={source} s={s} />
          </div>
        ))}
      </div>
    </div>
  );
}
