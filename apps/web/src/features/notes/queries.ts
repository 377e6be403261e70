import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { discussionsQuery } from './discussionsQuery';
import {
  type AwardEmoji,
  addAward,
  addNote,
  deleteNote,
  fetchAwards,
  fetchEmojiSuggestions,
  type NoteableRef,
  type NoteDetail,
  removeAward,
  replyToDiscussion,
  resolveDiscussion,
  updateNote,
} from './notesApi';

/** Keys under the noteable's own notes key, so its page's writes (system notes) refresh them too. */
export const noteKeys = {
  discussions: (ref: NoteableRef) => discussionsQuery(ref).queryKey,
  awards: (ref: NoteableRef, noteId: number | null) => [...ref.notesKey, 'awards', noteId] as const,
  emojiSuggestions: () => ['notes', 'emoji-suggestions'] as const,
};

/** The discussions, a page at a time, the next page fetched when asked (see discussionsQuery). */
export function useDiscussions(ref: NoteableRef, bulk: RefObject<boolean>) {
  return useInfiniteQuery(discussionsQuery(ref, bulk));
}

function useInvalidateDiscussions(ref: NoteableRef) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noteKeys.discussions(ref) });
}

/**
 * After a comment: its quick actions may have changed the noteable — a comment of commands only
 * answers no note (202), one with text says what they changed (`commands_changes`) — and then the
 * noteable's own query is refetched too.
 */
function useRefetchAfterComment(ref: NoteableRef) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDiscussions(ref);
  return (note: Partial<NoteDetail> | null) => {
    void invalidate();
    if (note === null || note.id === undefined || Object.keys(note.commands_changes ?? {}).length > 0) {
      void queryClient.invalidateQueries({ queryKey: ref.detailKey, exact: true });
    }
  };
}

/** A comment or a new thread. */
export function useAddNote(ref: NoteableRef) {
  const refetch = useRefetchAfterComment(ref);
  return useMutation({
    mutationFn: (input: { body: string; internal: boolean; thread: boolean }) => addNote(ref, input),
    onSuccess: refetch,
  });
}

export function useReply(ref: NoteableRef, discussionId: string) {
  const refetch = useRefetchAfterComment(ref);
  return useMutation({
    mutationFn: (body: string) => replyToDiscussion(ref, discussionId, body),
    onSuccess: refetch,
  });
}

/** Resolve thread / Unresolve thread (merge requests). */
export function useResolveDiscussion(ref: NoteableRef, discussionId: string) {
  const invalidate = useInvalidateDiscussions(ref);
  return useMutation({
    mutationFn: (resolved: boolean) => resolveDiscussion(ref, discussionId, resolved),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateNote(ref: NoteableRef, noteId: number) {
  const invalidate = useInvalidateDiscussions(ref);
  return useMutation({
    mutationFn: (body: string) => updateNote(ref, noteId, body),
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteNote(ref: NoteableRef, noteId: number) {
  const invalidate = useInvalidateDiscussions(ref);
  return useMutation({
    mutationFn: () => deleteNote(ref, noteId),
    onSuccess: () => void invalidate(),
  });
}

/** The award emoji of the noteable (noteId null) or one note; `enabled` defers it until shown. */
/**
 * A note's (or the noteable's) reactions. A note's come with its page of discussions (`initial`):
 * no request per note as the timeline scrolls; a change refetches them with the notes.
 */
export function useAwards(ref: NoteableRef, noteId: number | null, enabled = true, initial?: AwardEmoji[]) {
  return useQuery({
    queryKey: noteKeys.awards(ref, noteId),
    queryFn: ({ signal }) => fetchAwards(ref, noteId, signal),
    enabled,
    initialData: initial,
    staleTime: initial ? 60_000 : 0,
  });
}

/** Adds my reaction, or removes it when `mine` holds its id. */
export function useToggleAward(ref: NoteableRef, noteId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, mine }: { name: string; mine: number | null }) => {
      if (mine === null) await addAward(ref, noteId, name);
      else await removeAward(ref, noteId, mine);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: noteKeys.awards(ref, noteId), exact: true }),
  });
}

/** The picker's emoji (recently used first), loaded when a picker first opens. */
export function useEmojiSuggestions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: noteKeys.emojiSuggestions(),
    queryFn: ({ signal }) => fetchEmojiSuggestions(signal),
    staleTime: 5 * 60_000,
  });
}
