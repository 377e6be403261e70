import {
  formatQuickActionDate,
  iterationChangedNote,
  labelTitlesChangedNote,
  milestoneChangedNote,
  stateChangedNote,
} from '@meridian/domain';
import type { GlIterationEvent, GlIterationRef, GlLabelEvent, GlMilestoneEvent, GlStateEvent } from './relation-lines';

/** A system note a resource event becomes: its text, who and when, and a seed for its thread id. */
export interface EventNote {
  note: string;
  userId: number | null | undefined;
  at: string;
  seed: string;
}

/** State events as the notes Meridian writes when an item is closed or reopened. */
export function stateEventNotes(events: GlStateEvent[], key: string, skips: string[]): EventNote[] {
  return events.flatMap((event, index) => {
    const note = stateChangedNote(event.state);
    if (!note) skips.push(`state event ${index + 1}: ${event.state} is not a state of an issue or epic`);
    return note ? [{ note, userId: event.user_id, at: event.created_at, seed: `state:${key}:${index}` }] : [];
  });
}

/**
 * Label events as Meridian's label notes: GitLab draws the events one person made at one moment as
 * one note (ResourceEvents::SyntheticLabelNotesBuilderService), as Meridian writes one note per change.
 * The labels are named by title: they have no ids here until the import writes them.
 */
export function labelEventNotes(events: GlLabelEvent[], key: string): EventNote[] {
  const changes = new Map<string, { added: string[]; removed: string[]; first: number }>();
  events.forEach((event, index) => {
    const moment = `${event.user_id ?? ''}@${event.created_at}`;
    const change = changes.get(moment) ?? { added: [], removed: [], first: index };
    (event.action === 'add' ? change.added : change.removed).push(event.label.title);
    changes.set(moment, change);
  });
  return [...changes.values()].flatMap(({ added, removed, first }) => {
    const event = events[first];
    const note = labelTitlesChangedNote(added, removed);
    return note && event ? [{ note, userId: event.user_id, at: event.created_at, seed: `label:${key}:${first}` }] : [];
  });
}

/** An issue's milestone events as Meridian's milestone notes: set (`changed milestone to %"v1"`), or removed. */
export function milestoneEventNotes(events: GlMilestoneEvent[], key: string, skips: string[]): EventNote[] {
  return events.flatMap((event, index) => {
    const added = event.action === 'add';
    if (added && !event.milestone) {
      skips.push(`milestone event ${index + 1}: it names no milestone`);
      return [];
    }
    const note = milestoneChangedNote(added ? (event.milestone?.title ?? null) : null);
    return [{ note, userId: event.user_id, at: event.created_at, seed: `milestone:${key}:${index}` }];
  });
}

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

/**
 * An issue's iteration events as Meridian's iteration notes (`changed iteration to *iteration:"…"`), or
 * removed. The note names the iteration: the id this instance gives it is not known while converting.
 */
export function iterationEventNotes(events: GlIterationEvent[], key: string, skips: string[]): EventNote[] {
  return events.flatMap((event, index) => {
    const added = event.action === 'add';
    if (added && !event.iteration) {
      skips.push(`iteration event ${index + 1}: it names no iteration`);
      return [];
    }
    const it = added ? event.iteration : null;
    const note = iterationChangedNote(it ? { id: it.iid, title: iterationName(it) } : null);
    return [{ note, userId: event.user_id, at: event.created_at, seed: `iteration:${key}:${index}` }];
  });
}
