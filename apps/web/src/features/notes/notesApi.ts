import type { ReferenceContext } from '@meridian/domain';
import { apiGet, apiList, apiPath, encodeId, request, withQuery } from '../../lib/api';
import type { UserSummary } from '../../lib/types';

/**
 * What notes hang on, as the REST API addresses it: an issue or a merge request (by iid) or an epic
 * (notes by id, awards by iid).
 */
export interface NoteableRef {
  kind: 'issue' | 'epic' | 'merge_request';
  /** `/projects/:id/issues/:iid` or `/groups/:id/epics/:epic_id`: notes and discussions live under it. */
  notesPath: string;
  /** `/projects/:id/issues/:iid` or `/groups/:id/epics/:epic_iid`: award emoji live under it. */
  awardsPath: string;
  /** The project or group path, for the editor's preview and the drafts' keys. */
  containerPath: string;
  /** A confidential issue or epic: the editors' autocomplete suggests only confidential items (IE §5). */
  confidential?: boolean;
  /** The noteable's notes query key (its page's key factory): writes invalidate what is under it. */
  notesKey: readonly unknown[];
  /** The noteable's own query key, refetched when a comment's quick actions changed it. */
  detailKey: readonly unknown[];
}

/** What `#12` and `&5` in the noteable's own texts (its system notes) refer to: its project and that project's group, or its group. */
export function noteableReferenceContext(noteable: Pick<NoteableRef, 'kind' | 'containerPath'>): ReferenceContext {
  if (noteable.kind === 'epic') return { groupPath: noteable.containerPath };
  const group = noteable.containerPath.slice(0, Math.max(0, noteable.containerPath.lastIndexOf('/')));
  return { projectPath: noteable.containerPath, ...(group ? { groupPath: group } : {}) };
}

/** The page's query keys for the noteable's notes (writes invalidate under it) and for the noteable. */
export type NoteableKeys = Pick<NoteableRef, 'notesKey' | 'detailKey'>;

/** Where a project's noteables live in the REST API. */
const PROJECT_NOTEABLES = { issue: 'issues', merge_request: 'merge_requests' } as const;

/** An issue or a merge request: notes, threads and award emoji under `/projects/:id/<issues|merge_requests>/:iid`. */
function projectNoteable(
  kind: keyof typeof PROJECT_NOTEABLES,
  projectPath: string,
  iid: number,
  keys: NoteableKeys,
): NoteableRef {
  const path = `/projects/${encodeId(projectPath)}/${PROJECT_NOTEABLES[kind]}/${iid}`;
  return { kind, notesPath: path, awardsPath: path, containerPath: projectPath, ...keys };
}

export const issueNoteable = (projectPath: string, iid: number, keys: NoteableKeys) =>
  projectNoteable('issue', projectPath, iid, keys);

/** A merge request's threads are resolvable. */
export const mergeRequestNoteable = (projectPath: string, iid: number, keys: NoteableKeys) =>
  projectNoteable('merge_request', projectPath, iid, keys);

/** An epic: its notes by the epic's global id, its award emoji by its iid (GitLab's two paths). */
export function epicNoteable(groupPath: string, epicId: number, iid: number, keys: NoteableKeys): NoteableRef {
  const group = `/groups/${encodeId(groupPath)}/epics`;
  return {
    kind: 'epic',
    notesPath: `${group}/${epicId}`,
    awardsPath: `${group}/${iid}`,
    containerPath: groupPath,
    ...keys,
  };
}

/** Where the comment box's draft is autosaved. */
export const commentDraftParts = (ref: NoteableRef) => [ref.notesPath, 'comment'] as const;

/** GitLab's Note entity, as the notes and discussions APIs answer it. */
export interface NoteDetail {
  id: number;
  type: 'DiscussionNote' | null;
  body: string;
  body_html?: string | null;
  author: UserSummary;
  created_at: string;
  updated_at: string;
  system: boolean;
  internal: boolean;
  resolvable: boolean;
  /** On resolvable notes (threads): whether, by whom and when it was resolved. */
  resolved?: boolean;
  resolved_by?: UserSummary | null;
  resolved_at?: string | null;
  commands_changes?: Record<string, unknown>;
  /** Meridian's: the note's reactions, sent with a page of discussions (the first 100). */
  award_emoji?: AwardEmoji[];
}

/** A thread is resolved when every resolvable comment in it is (GitLab's `Discussion#resolved?`). */
export function threadResolution(discussion: Discussion): {
  resolvable: boolean;
  resolved: boolean;
  by: UserSummary | null;
} {
  const notes = discussion.notes.filter((n) => n.resolvable && !n.system);
  const resolved = notes.length > 0 && notes.every((n) => n.resolved === true);
  const last = notes.at(-1);
  return { resolvable: notes.length > 0, resolved, by: resolved ? (last?.resolved_by ?? null) : null };
}

export interface Discussion {
  id: string;
  individual_note: boolean;
  notes: NoteDetail[];
}

export interface AwardEmoji {
  id: number;
  name: string;
  user: UserSummary | null;
}

export interface EmojiSuggestion {
  name: string;
  emoji: string;
}

/** GitLab's page size for the issue page's discussions. */
export const DISCUSSIONS_PER_PAGE = 20;

/** Pages of 100 when many are wanted at once (a far `#note_N` link, newest first): fewer round trips. */
export const DISCUSSIONS_BULK_PAGE = 100;

/** Where a page of discussions starts (`offset`, a multiple of `perPage`) and how many it holds. */
export interface DiscussionPageParam {
  offset: number;
  perPage: number;
}

export function fetchDiscussions(ref: NoteableRef, param: DiscussionPageParam, signal?: AbortSignal) {
  const page = Math.floor(param.offset / param.perPage) + 1;
  return apiList<Discussion>(apiPath(`${ref.notesPath}/discussions`, { page, per_page: param.perPage }), signal);
}

/**
 * A comment (POST notes) or a new thread (POST discussions). A comment made only of quick actions
 * answers 202 or a body without a note (GitLab): the result is then null.
 */
export async function addNote(
  ref: NoteableRef,
  input: { body: string; internal: boolean; thread: boolean },
): Promise<NoteDetail | null> {
  const path = apiPath(`${ref.notesPath}/${input.thread ? 'discussions' : 'notes'}`);
  const { data } = await request<NoteDetail | Discussion | null>(path, {
    method: 'POST',
    body: { body: input.body, internal: input.internal },
  });
  if (!data || typeof data !== 'object') return null;
  if ('notes' in data) return data.notes[0] ?? null;
  return 'id' in data ? data : null;
}

export async function replyToDiscussion(ref: NoteableRef, discussionId: string, body: string) {
  return (
    await request<NoteDetail | null>(apiPath(`${ref.notesPath}/discussions/${discussionId}/notes`), {
      method: 'POST',
      body: { body },
    })
  ).data;
}

/** Resolves or unresolves a merge request thread (`PUT …/discussions/:id?resolved=`). */
export async function resolveDiscussion(ref: NoteableRef, discussionId: string, resolved: boolean) {
  return (
    await request<Discussion>(apiPath(`${ref.notesPath}/discussions/${discussionId}`), {
      method: 'PUT',
      body: { resolved },
    })
  ).data;
}

export async function updateNote(ref: NoteableRef, noteId: number, body: string) {
  return (await request<NoteDetail>(apiPath(`${ref.notesPath}/notes/${noteId}`), { method: 'PUT', body: { body } }))
    .data;
}

export async function deleteNote(ref: NoteableRef, noteId: number) {
  await request<null>(apiPath(`${ref.notesPath}/notes/${noteId}`), { method: 'DELETE' });
}

/** The award emoji of the noteable (noteId null) or of one of its notes. */
export function awardsPath(ref: NoteableRef, noteId: number | null): string {
  return `${ref.awardsPath}${noteId === null ? '' : `/notes/${noteId}`}/award_emoji`;
}

export async function fetchAwards(ref: NoteableRef, noteId: number | null, signal?: AbortSignal) {
  return (await apiList<AwardEmoji>(apiPath(awardsPath(ref, noteId), { per_page: 100 }), signal)).items;
}

export async function addAward(ref: NoteableRef, noteId: number | null, name: string) {
  return (await request<AwardEmoji>(apiPath(awardsPath(ref, noteId)), { method: 'POST', body: { name } })).data;
}

export async function removeAward(ref: NoteableRef, noteId: number | null, awardId: number) {
  await request<null>(apiPath(`${awardsPath(ref, noteId)}/${awardId}`), { method: 'DELETE' });
}

export function fetchEmojiSuggestions(signal?: AbortSignal) {
  return apiGet<EmojiSuggestion[]>(withQuery('/-/autocomplete/award_emojis'), signal);
}
