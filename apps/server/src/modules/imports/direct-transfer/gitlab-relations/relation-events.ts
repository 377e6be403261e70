import { createHash } from 'node:crypto';
import { formatQuickActionDate, iterationChangedNote, milestoneChangedNote } from '@meridian/domain';
import type { ArchiveItem } from '../../../group-transfer';
import { each, item, type MapContext } from './relation-history';
import { type GlIterationRef, glIterationEvent, glMilestoneEvent } from './relation-lines';

/**
 * An issue's `resource_milestone_events` and `resource_iteration_events` (GitLab's project export
 * nests them in the issue's line) as the system notes Meridian's writers word for the same change
 * (`milestoneChangedNote`, `iterationChangedNote`): Meridian keeps no separate resource events.
 * Pure: the records and the skip reasons of one line.
 */

type IssueRef = { project_path: string; iid: number };
type EventLine = { resource_milestone_events?: unknown[] | null; resource_iteration_events?: unknown[] | null };

/** A thread id of its own for each event's note: stable across runs, hex as GitLab's. */
const threadId = (seed: string) => createHash('sha1').update(seed).digest('hex');

/**
 * How an iteration is named in a note. GitLab's export leaves an iteration's title out, so an
 * untitled one is named by its period, as GitLab shows it (`Jan 6, 2025 - Jan 19, 2025`), else by iid.
 */
export function iterationName(it: GlIterationRef): string {
  if (it.title) return it.title;
  if (it.start_date && it.due_date)
    return `${formatQuickActionDate(it.start_date)} - ${formatQuickActionDate(it.due_date)}`;
  return `#${it.iid}`;
}

export function issueEventNotes(line: EventLine, ref: IssueRef, ctx: MapContext, skips: string[]): ArchiveItem[] {
  const out: ArchiveItem[] = [];
  const key = `Issue:${ref.project_path}:${ref.iid}`;
  const systemNote = (note: string, userId: number | null | undefined, at: string, seed: string) =>
    out.push(
      item('notes', {
        id: ctx.nextNoteId(),
        noteable_type: 'Issue',
        noteable: ref,
        note,
        author: ctx.user(userId),
        system: true,
        internal: false,
        discussion_id: threadId(seed),
        resolvable: false,
        resolved_at: null,
        resolved_by: null,
        created_at: at,
        updated_at: at,
      }),
    );
  each(glMilestoneEvent, line.resource_milestone_events, 'milestone event', skips).forEach((event, index) => {
    if (event.action === 'add' && !event.milestone) {
      skips.push(`milestone event ${index + 1}: it names no milestone`);
      return;
    }
    const note = milestoneChangedNote(event.action === 'add' ? (event.milestone?.title ?? '') : null);
    systemNote(note, event.user_id, event.created_at, `milestone:${key}:${index}`);
  });
  each(glIterationEvent, line.resource_iteration_events, 'iteration event', skips).forEach((event, index) => {
    if (event.action === 'add' && !event.iteration) {
      skips.push(`iteration event ${index + 1}: it names no iteration`);
      return;
    }
    const it = event.action === 'add' ? event.iteration : null;
    // The note names the iteration (the id this instance gives it is not known while converting).
    const note = iterationChangedNote(it ? { id: it.iid, title: iterationName(it) } : null);
    systemNote(note, event.user_id, event.created_at, `iteration:${key}:${index}`);
  });
  return out;
}
