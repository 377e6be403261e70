import { createHash } from 'node:crypto';
import type { ArchiveRecords } from '../../group-transfer';
import { type BatchPlaces, type Ref, tableWriter } from './archive-context';
import { keys } from './archive-keys';
import { groupAt, projectAt, userId, userRef } from './archive-lookups';

type NoteRecord = ArchiveRecords['notes'];
type Noteable =
  | { type: 'Issue'; ref: { project_path: string; iid: number } }
  | { type: 'Epic'; ref: { group_path: string; iid: number } };

const noteableOf = (n: NoteRecord): Noteable | undefined => {
  if (n.noteable_type === 'Issue' && 'project_path' in n.noteable) return { type: 'Issue', ref: n.noteable };
  if (n.noteable_type === 'Epic' && 'group_path' in n.noteable) return { type: 'Epic', ref: n.noteable };
  return undefined;
};

export const noteRefs = (n: NoteRecord): Ref[] => {
  const on = noteableOf(n);
  return [
    ...(on?.type === 'Issue'
      ? [
          { kind: 'issues' as const, key: keys.issue(on.ref) },
          { kind: 'projects' as const, key: keys.project(on.ref.project_path) },
        ]
      : []),
    ...(on?.type === 'Epic'
      ? [
          { kind: 'epics' as const, key: keys.epic(on.ref) },
          { kind: 'groups' as const, key: keys.group(on.ref.group_path) },
        ]
      : []),
    ...userRef(n.author),
    ...userRef(n.resolved_by),
  ];
};

/** Where a note's issue or epic lives here. */
function noteContainer(a: BatchPlaces, on: Noteable) {
  if (on.type === 'Issue') {
    const project = projectAt(a, on.ref.project_path);
    return project && { project_id: project.id, group_id: null };
  }
  const group = groupAt(a, on.ref.group_path);
  return group && { project_id: null, group_id: group.id };
}

/** Threads stay together under ids of their own on this instance (one archive imported twice gets two sets). */
const importedDiscussionId = (discussionId: string, jobId: number) =>
  createHash('sha256').update(`${discussionId}:import:${jobId}`).digest('hex').slice(0, 40);

/** Comments and system notes, with their authors, dates, threads, internal flags and resolutions. */
export const noteRows = tableWriter('notes', (a, n: NoteRecord) => {
  const on = noteableOf(n);
  if (!on) return { skipped: 'the note names neither an issue nor an epic' };
  const noteableId = on.type === 'Issue' ? a.id('issues', keys.issue(on.ref)) : a.id('epics', keys.epic(on.ref));
  const target = noteContainer(a, on);
  if (noteableId === undefined || !target)
    return { skipped: `the note's ${on.type === 'Issue' ? 'issue' : 'epic'} is not in the import` };
  return {
    noteable_type: on.type,
    noteable_id: noteableId,
    project_id: target.project_id,
    group_id: target.group_id,
    author_id: userId(a, n.author),
    discussion_id: importedDiscussionId(n.discussion_id, a.job.id),
    note: n.note,
    note_html: null, // rendered when first read, against the project or group above
    system: n.system,
    internal: n.internal,
    resolvable: n.resolvable,
    resolved_at: n.resolved_at === null ? null : new Date(n.resolved_at),
    resolved_by_id: userId(a, n.resolved_by),
    created_at: new Date(n.created_at),
    updated_at: new Date(n.updated_at),
  };
});

type AwardRecord = ArchiveRecords['award_emoji'];

function awardableRef(e: AwardRecord): Ref | undefined {
  const on = e.awardable;
  if (e.awardable_type === 'Issue' && 'project_path' in on) return { kind: 'issues', key: keys.issue(on) };
  if (e.awardable_type === 'Epic' && 'group_path' in on) return { kind: 'epics', key: keys.epic(on) };
  if (e.awardable_type === 'Note' && 'note_id' in on) return { kind: 'notes', key: keys.note(on.note_id) };
  return undefined;
}

export const awardRefs = (e: AwardRecord): Ref[] => {
  const on = awardableRef(e);
  return [...(on ? [on] : []), ...userRef(e.user)];
};

export const awardRows = tableWriter('award_emoji', (a, e: AwardRecord) => {
  const on = awardableRef(e);
  const awardableId = on ? a.id(on.kind, on.key) : undefined;
  const userId = a.id('users', keys.user(e.user));
  if (awardableId === undefined || userId === undefined)
    return { skipped: 'the emoji is on an item, or by a person, not in the import' };
  return {
    name: e.name,
    user_id: userId,
    awardable_type: e.awardable_type,
    awardable_id: awardableId,
    created_at: new Date(e.created_at),
    updated_at: new Date(e.created_at),
  };
});
