import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import styles from './NoteEditors.module.css';
import { useEmojiSuggestions } from './queries';

/** The reaction picker: the award-emoji autocomplete list (recently used first), searchable by name. */
export function EmojiPicker({ onPick, onClose }: { onPick: (name: string) => void; onClose: () => void }) {
  const suggestions = useEmojiSuggestions();
  const [search, setSearch] = useState('');
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => searchField.current?.focus(), []);
  const term = search.trim().toLowerCase();
  const shown = (suggestions.data ?? []).filter((s) => s.name.includes(term));
  return (
    <section
      className={styles.picker}
      aria-label="Emoji picker"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <input
        ref={searchField}
        className={styles.pickerSearch}
        type="search"
        aria-label="Search emoji"
        placeholder="Search emoji"
        maxLength={64}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {suggestions.isPending ? (
        <Spinner label="Loading emoji" />
      ) : suggestions.isError ? (
        <p className={styles.error}>There was a problem fetching emoji.</p>
      ) : (
        <div className={styles.pickerGrid}>
          {shown.map((s) => (
            <button
              key={s.name}
              type="button"
              className={styles.pickerEmoji}
              title={s.name}
              aria-label={s.name}
              onClick={() => onPick(s.name)}
            >
              {s.emoji}
            </button>
          ))}
          {shown.length === 0 && <p className={styles.muted}>No emoji found.</p>}
        </div>
      )}
    </section>
  );
}
