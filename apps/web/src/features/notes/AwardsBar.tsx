import { Suspense, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { groupAwards } from './discussionView';
import styles from './Notes.module.css';
import type { AwardEmoji, NoteableRef } from './notesApi';
import { useAwards, useEmojiSuggestions, useToggleAward } from './queries';

// The picker and its emoji list load on the first 'Add reaction'.
const EmojiPicker = lazyNamed(() => import('./EmojiPicker'), 'EmojiPicker');

/** The glyph of an emoji name, from the picker's list once loaded (the name itself until then). */
function useGlyphs(needed: boolean): (name: string) => string {
  const suggestions = useEmojiSuggestions(needed);
  const byName = new Map((suggestions.data ?? []).map((s) => [s.name, s.emoji]));
  return (name) => byName.get(name) ?? `:${name}:`;
}

/**
 * Award emoji of the noteable (noteId null) or one note: a button per emoji with its count, pressed
 * when mine (pressing toggles it), and 'Add reaction' with the picker for signed-in users.
 */
export function AwardsBar({
  noteable,
  noteId,
  myId,
  enabled = true,
  initial,
}: {
  noteable: NoteableRef;
  noteId: number | null;
  myId: number | null;
  enabled?: boolean;
  /** The reactions a page of discussions brought with the note. */
  initial?: AwardEmoji[];
}) {
  const awards = useAwards(noteable, noteId, enabled, initial);
  const toggle = useToggleAward(noteable, noteId);
  const [picking, setPicking] = useState(false);
  const grouped = groupAwards(awards.data ?? [], myId);
  const glyph = useGlyphs(grouped.length > 0);
  if (grouped.length === 0 && myId === null) return null;
  return (
    <div className={styles.awards}>
      {grouped.map(({ name, count, mine }) => (
        <button
          key={name}
          type="button"
          className={styles.award}
          aria-pressed={mine !== null}
          aria-label={`${name}: ${count}`}
          title={mine !== null ? `Remove your ${name} reaction` : `React with ${name}`}
          disabled={myId === null || toggle.isPending}
          onClick={() => toggle.mutate({ name, mine })}
        >
          <span aria-hidden="true">{glyph(name)}</span> <span aria-hidden="true">{count}</span>
        </button>
      ))}
      {myId !== null && (
        <span className={styles.pickerAnchor}>
          <button
            type="button"
            className={styles.award}
            aria-label="Add reaction"
            aria-expanded={picking}
            onClick={() => setPicking((open) => !open)}
          >
            <span aria-hidden="true">☺+</span>
          </button>
          {picking && (
            <Suspense fallback={null}>
              <EmojiPicker
                onClose={() => setPicking(false)}
                onPick={(name) => {
                  setPicking(false);
                  const existing = grouped.find((g) => g.name === name);
                  if (!existing?.mine) toggle.mutate({ name, mine: null });
                }}
              />
            </Suspense>
          )}
        </span>
      )}
      {toggle.isError && (
        <span role="alert" className={styles.error}>
          {toggle.error.message}
        </span>
      )}
    </div>
  );
}
