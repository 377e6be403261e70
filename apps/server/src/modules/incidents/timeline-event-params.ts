import { z } from 'zod';
import { parseInput } from '../../rest/params';

/** GitLab's TimelineEvent limits: a note of at most 280 characters (its validation), occurred_at a time. */
export const TIMELINE_NOTE_MAX = 280;

const note = z.string().trim().min(1, 'note is missing').max(TIMELINE_NOTE_MAX);
const occurredAt = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), 'must be a date and time');

const createSchema = z.object({ note, occurredAt });
const updateSchema = z.object({ note: note.optional(), occurredAt: occurredAt.optional() });

export type TimelineEventInput = z.infer<typeof createSchema>;
export type TimelineEventUpdate = z.infer<typeof updateSchema>;

export const parseTimelineEventCreate = (input: Record<string, unknown>): TimelineEventInput =>
  parseInput(createSchema, input);
export const parseTimelineEventUpdate = (input: Record<string, unknown>): TimelineEventUpdate =>
  parseInput(updateSchema, input);
