import { insertAll } from '../db/insert-rows';
import type { EpicPlan } from './demo-epics';
import type { DemoIssue } from './demo-issues';
import type { DemoMergeRequest } from './demo-merge-requests';
import { userComments } from './demo-text';
import type { DemoContext, DemoMilestone, DemoOrg } from './demo-world';

const emoji = ['thumbsup', 'thumbsdown', 'rocket', 'tada', 'eyes'];

interface NoteRow {
  noteable_type: string;
  noteable_id: number;
  project_id: number | null;
  group_id: number | null;
  author_id: number;
  discussion_id: string;
  note: string;
  note_html: string;
  system: boolean;
  internal: boolean;
  resolvable: boolean;
  resolved_at: Date | null;
  resolved_by_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of a public note on an issue or merge request (project noteables). */
function onProjectNoteable(noteableType: 'Issue' | 'MergeRequest', noteable: { id: number; projectId: number }) {
  return {
    noteable_type: noteableType,
    noteable_id: noteable.id,
    project_id: noteable.projectId,
    group_id: null,
    internal: false,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** System notes and comments on issues, epics and merge requests, plus award emoji. */
export async function seedActivity(
  ctx: DemoContext,
  org: DemoOrg,
  milestones: DemoMilestone[],
  issues: readonly DemoIssue[],
  epics: EpicPlan,
  mergeRequests: readonly DemoMergeRequest[],
): Promise<void> {
  const { random, clock } = ctx;
  const usernames = new Map([...org.users].map(([name, id]) => [id, name]));
  const labelTitles = new Map(org.labels.map((l) => [l.id, l.title]));
  const milestoneTitles = new Map(milestones.map((m) => [m.id, m.title]));
  const membersOf = new Map(org.projects.map((p) => [p.id, p.members]));
  const notes: NoteRow[] = [];
  const at = (day: number) => clock.at(Math.min(-0.001, day));
  const note = (
    base: Omit<NoteRow, 'discussion_id' | 'note_html' | 'resolvable' | 'resolved_at' | 'resolved_by_id' | 'updated_at'>,
    html?: string,
  ) =>
    notes.push({
      ...base,
      discussion_id: random.hex(),
      note_html: html ?? (base.system ? `<p>${escapeHtml(base.note)}</p>` : ctx.html(base.note)),
      resolvable: false,
      resolved_at: null,
      resolved_by_id: null,
      updated_at: base.created_at,
    });

  for (const issue of issues) {
    const common = onProjectNoteable('Issue', issue);
    let day = issue.createdDay + 0.001;
    if (issue.labelIds.length > 0) {
      const refs = issue.labelIds.map((id) => `~${id}`).join(' ');
      const titles = issue.labelIds.map((id) => `~"${labelTitles.get(id)}"`).join(' ');
      const suffix = issue.labelIds.length === 1 ? 'label' : 'labels';
      note(
        { ...common, author_id: issue.authorId, note: `added ${refs} ${suffix}`, system: true, created_at: at(day) },
        `<p>added ${escapeHtml(titles)} ${suffix}</p>`,
      );
    }
    if (issue.assigneeIds.length > 0) {
      const who = issue.assigneeIds.map((id) => `@${usernames.get(id)}`).join(' and ');
      note({
        ...common,
        author_id: issue.authorId,
        note: `assigned to ${who}`,
        system: true,
        created_at: at(day + 0.01),
      });
    }
    if (issue.milestoneId) {
      note(
        {
          ...common,
          author_id: issue.authorId,
          note: `changed milestone to %${issue.milestoneId}`,
          system: true,
          created_at: at(day + 0.02),
        },
        `<p>changed milestone to %${escapeHtml(JSON.stringify(milestoneTitles.get(issue.milestoneId)))}</p>`,
      );
    }
    const end = issue.closedDay ?? -0.01;
    const comments = random.int(0, 3);
    for (let c = 0; c < comments; c += 1) {
      day = day + random.next() * Math.max(0.01, (end - day) / 2);
      note({
        ...common,
        author_id: random.pick(membersOf.get(issue.projectId)!),
        note: random.pick(userComments),
        system: false,
        internal: random.chance(0.03),
        created_at: at(day),
      });
    }
    if (issue.closedDay !== null) {
      note({
        ...common,
        author_id: issue.assigneeIds[0] ?? issue.authorId,
        note: 'closed',
        system: true,
        created_at: at(issue.closedDay),
      });
    }
  }

  for (const epic of epics.epics) {
    const createdDay = (epic.createdAt.getTime() - clock.at(0).getTime()) / 86_400_000;
    for (let c = random.int(0, 2); c > 0; c -= 1) {
      note({
        noteable_type: 'Epic',
        noteable_id: epic.id,
        project_id: null,
        group_id: epic.groupId,
        author_id: epics.authors.get(epic.id)!,
        note: random.pick(userComments),
        system: false,
        internal: false,
        created_at: at(createdDay + random.next() * -createdDay),
      });
    }
  }

  for (const mr of mergeRequests) {
    const common = onProjectNoteable('MergeRequest', mr);
    const who = mr.reviewerIds.map((id) => `@${usernames.get(id)}`).join(' and ');
    note({
      ...common,
      author_id: mr.authorId,
      note: `requested review from ${who}`,
      system: true,
      created_at: at(mr.createdDay + 0.01),
    });
    for (let c = random.int(0, 2); c > 0; c -= 1) {
      const reviewer = random.pick(mr.reviewerIds);
      const created = at(mr.createdDay + 0.02 + random.next() * 2);
      const resolved = mr.merged || random.chance(0.4);
      notes.push({
        ...common,
        author_id: reviewer,
        discussion_id: random.hex(),
        note: random.pick(userComments),
        note_html: '',
        system: false,
        resolvable: true,
        resolved_at: resolved ? created : null,
        resolved_by_id: resolved ? mr.authorId : null,
        created_at: created,
        updated_at: created,
      });
      notes[notes.length - 1]!.note_html = ctx.html(notes[notes.length - 1]!.note);
    }
    if (mr.merged) {
      for (const reviewer of mr.reviewerIds) {
        note({
          ...common,
          author_id: reviewer,
          note: 'approved this merge request',
          system: true,
          created_at: at(mr.createdDay + 2.5),
        });
      }
    }
  }
  await insertAll(ctx.db, 'notes', notes);

  const awards: {
    name: string;
    user_id: number;
    awardable_type: string;
    awardable_id: number;
    created_at: Date;
    updated_at: Date;
  }[] = [];
  const seen = new Set<string>();
  const award = (type: string, id: number, candidates: readonly number[], createdDay: number) => {
    for (let n = random.int(1, 3); n > 0; n -= 1) {
      const userId = random.pick(candidates);
      const name = random.chance(0.5) ? 'thumbsup' : random.pick(emoji);
      const key = `${type}:${id}:${userId}:${name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const created = at(createdDay + random.next() * -createdDay);
      awards.push({
        name,
        user_id: userId,
        awardable_type: type,
        awardable_id: id,
        created_at: created,
        updated_at: created,
      });
    }
  };
  for (const issue of issues)
    if (random.chance(0.3)) award('Issue', issue.id, membersOf.get(issue.projectId)!, issue.createdDay);
  for (const mr of mergeRequests)
    if (random.chance(0.2)) award('MergeRequest', mr.id, [mr.authorId, ...mr.reviewerIds], mr.createdDay);
  for (const epic of epics.epics) {
    if (random.chance(0.3)) {
      award(
        'Epic',
        epic.id,
        [epics.authors.get(epic.id)!, org.users.get('alice')!],
        (epic.createdAt.getTime() - clock.at(0).getTime()) / 86_400_000,
      );
    }
  }
  await insertAll(ctx.db, 'award_emoji', awards);
  ctx.log(`notes: ${notes.length} (${notes.filter((n) => n.system).length} system), award emoji: ${awards.length}`);
}
