import { createHash } from 'node:crypto';
import { renderMarkdown } from '../../../markdown/render-markdown';
import type { ArchiveRecords } from '../../group-transfer';
import type { ItemOutcome } from '../importer';
import { type ArchiveImport, insertCreated, type Ref } from './archive-context';
import { keys } from './archive-keys';

type NoteRecord = ArchiveRecords['notes'];
type Noteable =
  | { type: 'Issue'; ref: { project_path: string; iid: number } }
  | { type: 'Epic'; ref: { group_path: string; iid: number } };

const noteableOf = (n: NoteRecord): Noteable | undefined => {
  if (n.noteable_type === 'Issue' && 'project_path' in n.noteable) return { type: 'Issue', ref: n.noteable };
  if (n.noteable_type === 'Epic' && 'group_path' in n.noteable) return { type: 'Epic', ref: n.noteable };
  return undefined;
};

const userRef = (username: string | null): Ref[] => (username ? [{ kind: 'users', key: keys.user(username) }] : []);

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

/** Threads stay together under ids of their own on this instance (one archive imported twice gets two sets). */
const importedDiscussionId = (discussionId: string, jobId: number) =>
  createHash('sha256').update(`${discussionId}:import:${jobId}`).digest('hex').slice(0, 40);

/** A comment or system note, with its author, dates, thread, internal flag and resolution. */
export async function importNote(a: ArchiveImport, n: NoteRecord): Promise<ItemOutcome> {
  const on = noteableOf(n);
  if (!on) return { skipped: 'the note names neither an issue nor an epic' };
  let target: { noteable_id: number; project_id: number | null; group_id: number | null; context: object } | undefined;
  if (on.type === 'Issue') {
    const id = a.id('issues', keys.issue(on.ref));
    const projectId = a.id('projects', keys.project(on.ref.project_path));
    const project = projectId === undefined ? undefined : a.projects.get(projectId);
    if (id !== undefined && project)
      target = { noteable_id: id, project_id: project.id, group_id: null, context: a.projectContext(project) };
  } else {
    const id = a.id('epics', keys.epic(on.ref));
    const groupId = a.id('groups', keys.group(on.ref.group_path));
    const group = groupId === undefined ? undefined : a.groups.get(groupId);
    if (id !== undefined && group)
      target = { noteable_id: id, project_id: null, group_id: group.id, context: { groupPath: group.full_path } };
  }
  if (!target) return { skipped: `the note's ${on.type === 'Issue' ? 'issue' : 'epic'} is not in the import` };
  return insertCreated(a, 'notes', {
    noteable_type: on.type,
    noteable_id: target.noteable_id,
    project_id: target.project_id,
    group_id: target.group_id,
    author_id: n.author === null ? null : (a.id('users', keys.user(n.author)) ?? null),
    discussion_id: importedDiscussionId(n.discussion_id, a.job.id),
    note: n.note,
    note_html: renderMarkdown(n.note, target.context),
    system: n.system,
    internal: n.internal,
    resolvable: n.resolvable,
    resolved_at: n.resolved_at === null ? null : new Date(n.resolved_at),
    resolved_by_id: n.resolved_by === null ? null : (a.id('users', keys.user(n.resolved_by)) ?? null),
    created_at: new Date(n.created_at),
    updated_at: new Date(n.updated_at),
  });
}

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

export async function importAward(a: ArchiveImport, e: AwardRecord): Promise<ItemOutcome> {
  const on = awardableRef(e);
  const awardableId = on ? a.id(on.kind, on.key) : undefined;
  const userId = a.id('users', keys.user(e.user));
  if (awardableId === undefined || userId === undefined)
    return { skipped: 'the emoji is on an item, or by a person, not in the import' };
  return insertCreated(a, 'award_emoji', {
    name: e.name,
    user_id: userId,
    awardable_type: e.awardable_type,
    awardable_id: awardableId,
    created_at: new Date(e.created_at),
    updated_at: new Date(e.created_at),
  });
}
