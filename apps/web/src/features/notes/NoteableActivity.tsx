import { type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { lazyNamed } from '../../app/lazyNamed';
import { AppLink } from '../../lib/AppLink';
import { safeStorage } from '../../lib/safeStorage';
import { SelectOptions } from '../../ui/SelectOptions';
import { Spinner } from '../../ui/Spinner';
import { autosaveKey, readDraft } from '../shared/useAutosave';
import { AwardsBar } from './AwardsBar';
import { DiscussionList, type DiscussionListHandle } from './DiscussionList';
import { hasBulkPages } from './discussionsQuery';
import {
  DISCUSSION_FILTERS,
  DISCUSSION_SORTS,
  type DiscussionPreferences,
  parsePreferences,
  visibleDiscussions,
} from './discussionView';
import { holdInView } from './holdInView';
import { linkedNoteId } from './linkedNote';
import type { NoteViewer } from './NoteCard';
import styles from './Notes.module.css';
import { commentDraftParts, type Discussion, type NoteableRef } from './notesApi';
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
 * A link to a comment arrives before the notes do, and a far one (an issue with thousands of notes)
 * is pages away: until the linked note is loaded, the next pages are fetched at once (100 each);
 * then the timeline renders its discussion and the page scrolls to the note. Given up when the
 * last page is in and the note is not (deleted, or hidden from this user).
 */
function useLinkedNote(
  shown: readonly Discussion[],
  moreToLoad: boolean,
  list: RefObject<DiscussionListHandle | null>,
) {
  const [target, setTarget] = useState(linkedNoteId);
  useEffect(() => {
    const onHash = () => setTarget(linkedNoteId());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const index = target === null ? -1 : shown.findIndex((d) => d.notes.some((n) => n.id === target));
  const holding = useRef<(() => void) | null>(null);
  useEffect(() => () => holding.current?.(), []);
  useEffect(() => {
    if (target === null || index < 0) return;
    list.current?.scrollToIndex(index);
    let frames = 0;
    let handle = 0;
    // The row renders on the virtualizer's next frames; then the note itself is scrolled to the top.
    const settle = () => {
      if (document.getElementById(`note_${target}`)) {
        holding.current?.();
        holding.current = holdInView(`note_${target}`);
        setTarget(null);
      } else if (++frames < 30) {
        list.current?.scrollToIndex(index);
        handle = requestAnimationFrame(settle);
      }
    };
    handle = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(handle);
  }, [target, index, list]);
  const searching = target !== null && index < 0 && moreToLoad;
  useEffect(() => {
    if (target !== null && index < 0 && !moreToLoad) setTarget(null);
  }, [target, index, moreToLoad]);
  return searching;
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

/** One of the activity's view choices (filter, sort): a select named for screen readers only. */
function ViewSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <label>
      <span className="visually-hidden">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as T)}>
        <SelectOptions choices={options} />
      </select>
    </label>
  );
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
  const bulk = useRef(false);
  const discussions = useDiscussions(noteable, bulk);
  const [prefs, setPrefs] = usePreferences(myId);
  const { hasNextPage, isFetching, fetchNextPage, isError } = discussions;
  const { filter, sort } = prefs;
  const shown = useMemo(
    () =>
      discussions.data
        ? visibleDiscussions(
            discussions.data.pages.map((p) => p.items),
            { filter, sort },
          )
        : [],
    [discussions.data, filter, sort],
  );
  const list = useRef<DiscussionListHandle | null>(null);
  // Until the first page is in, there may be more to load.
  const searching = useLinkedNote(shown, hasNextPage || discussions.data === undefined, list);
  // Newest first needs every page (the newest are on the last); so does a link to a note not loaded yet.
  // Pages of 100 once loaded stay so when a change refetches them.
  const wantAll = sort === 'desc' || searching;
  bulk.current = wantAll || hasBulkPages(discussions.data);
  // Not while any fetch runs (a refetch after a change included): asking again would cancel it.
  const canFetch = hasNextPage && !isFetching && !isError;
  useEffect(() => {
    if (wantAll && canFetch) void fetchNextPage({ cancelRefetch: false });
  }, [wantAll, canFetch, fetchNextPage]);
  // Otherwise the next page is fetched as the timeline is scrolled near its end.
  const onNearEnd = useCallback(() => {
    if (canFetch) void fetchNextPage({ cancelRefetch: false });
  }, [canFetch, fetchNextPage]);

  const viewer: NoteViewer = {
    myId,
    canComment: permissions?.createNote === true,
    canMarkInternal: permissions?.markNoteAsInternal === true,
    canAdminNotes: permissions?.adminNote === true,
    canResolve: permissions?.resolveNote === true,
  };
  const issuable = noteable.kind === 'merge_request' ? 'merge request' : noteable.kind;
  const lockedText = `The discussion in this ${issuable} is locked. Only project members can comment.`;

  return (
    <div className={styles.activity}>
      <div className={styles.toolbar}>
        <AwardsBar noteable={noteable} noteId={null} myId={myId} />
        <div className={styles.controls}>
          <ViewSelect
            label="Activity filter"
            value={prefs.filter}
            options={DISCUSSION_FILTERS}
            onChange={(filter) => setPrefs({ filter })}
          />
          <ViewSelect
            label="Sort order"
            value={prefs.sort}
            options={DISCUSSION_SORTS}
            onChange={(sort) => setPrefs({ sort })}
          />
        </div>
      </div>
      {discussions.isPending ? (
        <Spinner label="Loading activity" />
      ) : discussions.isError && !discussions.data ? (
        <ErrorState error={discussions.error} onRetry={() => void discussions.refetch()} what="activity" />
      ) : (
        <>
          {shown.length === 0 && !hasNextPage && <p className={styles.muted}>No comments yet.</p>}
          <DiscussionList
            noteable={noteable}
            discussions={shown}
            viewer={viewer}
            onNearEnd={onNearEnd}
            handle={list}
            complete={!hasNextPage}
          />
          {isError && (
            <ErrorState error={discussions.error} onRetry={() => void fetchNextPage()} what="more activity" />
          )}
          {hasNextPage && !isError && <Spinner label="Loading more activity" />}
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
