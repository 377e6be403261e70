import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { ArchiveItem, ArchiveRecords } from '../../../group-transfer';
import {
  describeIssue,
  type GlIssue,
  glAward,
  glIterationEvent,
  glLabelEvent,
  glLabelLink,
  glMilestoneEvent,
  glNote,
  glStateEvent,
} from './relation-lines';
import { iterationEventNotes, labelEventNotes, milestoneEventNotes, stateEventNotes } from './resource-event-notes';

/**
 * What the mapping of GitLab's relation lines (relation-mapping.ts) is given: people are named by id
 * in GitLab's relations; the context answers the username each id is imported as.
 */
export interface MapContext {
  /** The username a source user id is imported as (a member's; otherwise a placeholder's). */
  user(id: number | null | undefined, name?: string | null): string | null;
  /** A group's full path on the source, by its id there. */
  groupPath(id: number | null | undefined): string | undefined;
  /** The conversion's own key for the next note (award emoji on a note refer to it). */
  nextNoteId(): number;
}

/** The records one line makes, and what of it was passed over (the report's reasons). */
export interface Mapped {
  items: ArchiveItem[];
  skips: string[];
}

type IssueRef = { project_path: string; iid: number };
type EpicRef = { group_path: string; iid: number };
type Noteable = { type: 'Issue'; ref: IssueRef } | { type: 'Epic'; ref: EpicRef };
export const item = <K extends ArchiveItem['kind']>(kind: K, record: ArchiveRecords[K]) =>
  ({ kind, record }) as ArchiveItem;
/** A thread id for a note GitLab's line has none for (resource events): stable, hex as GitLab's. */
const threadId = (seed: string) => createHash('sha1').update(seed).digest('hex');
/** Each element of a nested list that passes its schema; the others become skip reasons. */
export function each<S extends z.ZodType>(
  schema: S,
  list: unknown[] | null | undefined,
  what: string,
  skips: string[],
): z.infer<S>[] {
  const out: z.infer<S>[] = [];
  (list ?? []).forEach((value, index) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) out.push(parsed.data);
    else skips.push(`${what} ${index + 1}: ${describeIssue(parsed.error)}`);
  });
  return out;
}

type History = Pick<
  GlIssue,
  'notes' | 'award_emoji' | 'resource_state_events' | 'resource_label_events' | 'label_links'
> &
  Partial<Pick<GlIssue, 'resource_milestone_events' | 'resource_iteration_events'>>;
type Awardable = Pick<ArchiveRecords['award_emoji'], 'awardable_type' | 'awardable'>;

/** The award emoji of an item or a note, by the people imported (an emoji of someone else is left out). */
function awardsOf(list: unknown[] | null | undefined, on: Awardable, what: string, ctx: MapContext, skips: string[]) {
  return each(glAward, list, what, skips).flatMap((award) => {
    const user = ctx.user(award.user_id);
    return user ? [item('award_emoji', { name: award.name, user, ...on, created_at: award.created_at })] : [];
  });
}

/**
 * What an issue's or epic's line holds of its history: notes (system notes stay system notes) and
 * their award emoji, the item's own award emoji, and its state, label, milestone and iteration events as the
 * system notes Meridian writes for them (resource-event-notes.ts).
 */
export function historyOf(line: History, on: Noteable, ctx: MapContext, skips: string[]): ArchiveItem[] {
  const out: ArchiveItem[] = [];
  const base = { noteable_type: on.type, noteable: on.ref, internal: false, resolvable: false };
  for (const n of each(glNote, line.notes, 'note', skips)) {
    const id = ctx.nextNoteId();
    out.push(
      item('notes', {
        ...base,
        id,
        note: n.note,
        author: ctx.user(n.author_id, n.author?.name),
        system: n.system ?? false,
        internal: n.internal ?? n.confidential ?? false,
        discussion_id: n.discussion_id ?? threadId(`note:${n.id}`),
        resolved_at: n.resolved_at ?? null,
        resolved_by: n.resolved_at ? ctx.user(n.resolved_by_id) : null,
        created_at: n.created_at,
        updated_at: n.updated_at,
      }),
      ...awardsOf(
        n.award_emoji,
        { awardable_type: 'Note', awardable: { note_id: id } },
        `award emoji of note ${n.id}`,
        ctx,
        skips,
      ),
    );
  }
  const key = `${on.type}:${'project_path' in on.ref ? on.ref.project_path : on.ref.group_path}:${on.ref.iid}`;
  const events = [
    ...stateEventNotes(each(glStateEvent, line.resource_state_events, 'state event', skips), key, skips),
    ...labelEventNotes(each(glLabelEvent, line.resource_label_events, 'label event', skips), key),
    ...milestoneEventNotes(
      each(glMilestoneEvent, line.resource_milestone_events, 'milestone event', skips),
      key,
      skips,
    ),
    ...iterationEventNotes(
      each(glIterationEvent, line.resource_iteration_events, 'iteration event', skips),
      key,
      skips,
    ),
  ];
  for (const { note, userId, at, seed } of events) {
    out.push(
      item('notes', {
        ...base,
        id: ctx.nextNoteId(),
        note,
        author: ctx.user(userId),
        system: true,
        discussion_id: threadId(seed),
        resolved_at: null,
        resolved_by: null,
        created_at: at,
        updated_at: at,
      }),
    );
  }
  out.push(...awardsOf(line.award_emoji, { awardable_type: on.type, awardable: on.ref }, 'award emoji', ctx, skips));
  return out;
}

export const labelTitles = (line: History, skips: string[]) => [
  ...new Set(each(glLabelLink, line.label_links, 'label link', skips).map((l) => l.label.title)),
];
