import { Suspense, useEffect, useState } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { lazyNamed } from '../../app/lazyNamed';
import { AppLink } from '../../lib/AppLink';
import { safeStorage } from '../../lib/safeStorage';
import { Spinner } from '../../ui/Spinner';
import { autosaveKey, readDraft } from '../shared/useAutosave';
import { AwardsBar } from './AwardsBar';
import { DiscussionItem } from './DiscussionItem';
import {
  DISCUSSION_FILTERS,
  DISCUSSION_SORTS,
  type DiscussionFilter,
  type DiscussionPreferences,
  type DiscussionSort,
  parsePreferences,
  visibleDiscussions,
} from './discussionView';
import type { NoteViewer } from './NoteCard';
import styles from './Notes.module.css';
import { commentDraftParts, type NoteableRef } from './notesApi';
import { useDiscussions } from './queries';

const loadEditors = () => import('./NoteEditors');
// The comment editor loads on first use (or at once when a draft is waiting in it).
const CommentBox = lazyNamed(loadEditors, 'CommentBox');
const COMMENT_PLACEHOLDER = 'Write a comment or drag your files here…';

/** The comment field before its editor has loaded: pressing it loads the editor, focused. */
function CommentLauncher({ noteable, canMarkInternal }: { noteable: NoteableRef; canMarkInternal: boolean }) {
  const [open, setOpen] = useState(() => readDraft(autosaveKey(commentDraftParts(noteable))) !== null);
  const placeholder = (
    <button
      type="button"
      className={styles.commentPlaceholder}
      onPointerEnter={() => void loadEditors()}
      onFocus={() => void loadEditors()}
      onClick={() => setOpen(true)}
    >
      {COMMENT_PLACEHOLDER}
    </button>
  );
  if (!open) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CommentBox noteable={noteable} canMarkInternal={canMarkInternal} autoFocus />
    </Suspense>
  );
}

/**
 * A link to a comment (`#note_12`, as the to-do list and 'Copy link' give) arrives before the notes
 * do, so the browser cannot scroll to it: scroll once the note is on the page.
 */
function useScrollToLinkedNote(pagesLoaded: number) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done || pagesLoaded === 0 || !window.location.hash.startsWith('#note_')) return;
    const target = document.getElementById(window.location.hash.slice(1));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    setDone(true);
  }, [done, pagesLoaded]);
}

export interface NoteablePermissions {
  createNote: boolean;
  markNoteAsInternal: boolean;
  adminNote: boolean;
  /** Merge requests: may resolve threads. */
  resolveNote?: boolean;
}

/** The filter and sort, remembered per user in localStorage (read again when the signed-in user is known). */
function usePreferences(myId: number | null) {
  const key = `discussion-preferences/${myId ?? 'anonymous'}`;
  const [changed, setChanged] = useState<{ key: string; prefs: DiscussionPreferences } | null>(null);
  const prefs = changed?.key === key ? changed.prefs : parsePreferences(safeStorage.get(key));
  const change = (next: Partial<DiscussionPreferences>) => {
    const value = { ...prefs, ...next };
    setChanged({ key, prefs: value });
    safeStorage.set(key, JSON.stringify(value));
  };
  return [prefs, change] as const;
}

/**
 * An issue's, epic's or merge request's activity (IE §2.1): its reactions, the discussion filter and sort, the
 * discussions a page at a time, and the comment box — or, when the discussion is locked for the user,
 * GitLab's locked text instead.
 */
export function NoteableActivity({
  noteable,
  locked,
  myId,
  permissions,
}: {
  noteable: NoteableRef;
  locked: boolean;
  myId: number | null;
  /** null while loading or signed out. */
  permissions: NoteablePermissions | null;
}) {
  const discussions = useDiscussions(noteable);
  const [prefs, setPrefs] = usePreferences(myId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = discussions;
  // The first page shows at once; the rest follow, one page after another.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  useScrollToLinkedNote(discussions.data?.pages.length ?? 0);

  const viewer: NoteViewer = {
    myId,
    canComment: permissions?.createNote === true,
    canMarkInternal: permissions?.markNoteAsInternal === true,
    canAdminNotes: permissions?.adminNote === true,
    canResolve: permissions?.resolveNote === true,
  };
  const shown = discussions.data
    ? visibleDiscussions(
        discussions.data.pages.map((p) => p.items),
        prefs,
      )
    : [];
  const issuable = noteable.kind === 'merge_request' ? 'merge request' : noteable.kind;
  const lockedText = `The discussion in this ${issuable} is locked. Only project members can comment.`;

  return (
    <div className={styles.activity}>
      <div className={styles.toolbar}>
        <AwardsBar noteable={noteable} noteId={null} myId={myId} />
        <div className={styles.controls}>
          <label>
            <span className="visually-hidden">Activity filter</span>
            <select
              value={prefs.filter}
              onChange={(event) => setPrefs({ filter: event.target.value as DiscussionFilter })}
            >
              {DISCUSSION_FILTERS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">Sort order</span>
            <select value={prefs.sort} onChange={(event) => setPrefs({ sort: event.target.value as DiscussionSort })}>
              {DISCUSSION_SORTS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      {discussions.isPending ? (
        <Spinner label="Loading activity" />
      ) : discussions.isError && !discussions.data ? (
        <ErrorState error={discussions.error} onRetry={() => void discussions.refetch()} what="activity" />
      ) : (
        <>
          {shown.length === 0 && !hasNextPage && <p className={styles.muted}>No comments yet.</p>}
          <ol className={styles.list}>
            {shown.map((discussion) => (
              <li key={discussion.id}>
                <DiscussionItem noteable={noteable} discussion={discussion} viewer={viewer} />
              </li>
            ))}
          </ol>
          {hasNextPage && <Spinner label="Loading more activity" />}
        </>
      )}
      {locked && <p className={styles.locked}>{lockedText}</p>}
      {myId === null ? (
        <p className={styles.muted}>
          Please <AppLink href="/users/sign_up">register</AppLink> or <AppLink href="/users/sign_in">sign in</AppLink>{' '}
          to reply
        </p>
      ) : (
        viewer.canComment && <CommentLauncher noteable={noteable} canMarkInternal={viewer.canMarkInternal} />
      )}
    </div>
  );
}
