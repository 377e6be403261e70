import { type Insertable, sql } from 'kysely';
import type { Database } from '../db/connection';
import { insertAll } from '../db/insert-rows';
import type { NotesTable } from '../db/schema';
import { renderMarkdown } from '../markdown/render-markdown';
import { Random } from './random';

/** GitLab's long-lived issue: Renovate's dependency dashboard collects thousands of notes. */
export const LONG_ISSUE_TITLE = 'Dependency Dashboard';

const LONG_ISSUE_DESCRIPTION = [
  'This issue lists Renovate updates and detected dependencies.',
  '',
  '## Open',
  '',
  '- [ ] chore(deps): update dependency typescript to v5.9',
  '- [ ] fix(deps): update dependency fastify to v5.6',
].join('\n');

const comments = [
  'Rebased onto `main`, the pipeline is green again.',
  'Can we hold this one until the **next release** is out?',
  'This update pulls in a new major of `undici`; see the [changelog](https://example.com/changelog).',
  'Checked locally:\n\n```sh\nnpm ci && npm test\n```\n\nAll green.',
  'Duplicate of the update above, closing the branch.',
  'The lockfile maintenance PR conflicts with this one — merging that first.',
  'Renovate re-opened this after the branch was deleted.',
  'Pinned to the previous minor until the regression is fixed upstream.',
  'Looks good to me. :thumbsup:',
  'Who owns the **Docker base image** updates? They keep failing the scan.',
  'Scheduled for the weekend window, as agreed.',
  'The security advisory affects us only through the dev tooling.',
];
const replies = [
  'Agreed.',
  'Done, thanks for the heads-up.',
  'I will take it.',
  'Let us revisit after the freeze.',
  'Confirmed on staging.',
  'Reverted: it broke the e2e job.',
];
const systemNotes = [
  'changed the description',
  'added ~"dependencies" label',
  'removed ~"blocked" label',
  'mentioned in merge request !42',
  'marked the task **chore(deps): update dependency vite** as completed',
  'changed title from **Dependency Dashboard (old)** to **Dependency Dashboard**',
];
const awardNames = ['thumbsup', 'rocket', 'eyes', 'heart', 'tada'];

export interface LongIssueOptions {
  projectId: number;
  /** Who writes the notes (at least one). */
  userIds: readonly number[];
  /** How many notes (default 5,000). */
  notes?: number;
  /** The last note's time (default now); the first is about two years before. */
  end?: Date;
  seed?: number;
}

export interface LongIssue {
  issueId: number;
  iid: number;
  notes: number;
  discussions: number;
  awards: number;
}

/**
 * One issue with thousands of notes, as a dependency dashboard collects: lone comments, threads
 * with replies, system notes, award emoji on some comments — inserted with a few bulk statements
 * (bodies are rendered once per template, not once per note).
 */
export async function seedLongIssue(db: Database, options: LongIssueOptions): Promise<LongIssue> {
  const total = options.notes ?? 5_000;
  if (!Number.isInteger(total) || total < 0) throw new Error('seedLongIssue: notes must be a non-negative integer');
  if (options.userIds.length === 0) throw new Error('seedLongIssue: userIds must not be empty');
  const random = new Random(options.seed ?? 41218);
  const end = (options.end ?? new Date()).getTime();
  const start = end - 730 * 86_400_000;
  const step = (end - start) / Math.max(1, total);
  const html = new Map<string, string>();
  const rendered = (text: string) => {
    let value = html.get(text);
    if (value === undefined) {
      value = renderMarkdown(text);
      html.set(text, value);
    }
    return value;
  };

  const iid = await sql<{ iid: number }>`
    SELECT coalesce(max(iid), 0)::int + 1 AS iid FROM issues WHERE project_id = ${options.projectId}`.execute(db);
  const issue = await db
    .insertInto('issues')
    .values({
      project_id: options.projectId,
      iid: iid.rows[0]!.iid,
      title: LONG_ISSUE_TITLE,
      description: LONG_ISSUE_DESCRIPTION,
      description_html: renderMarkdown(LONG_ISSUE_DESCRIPTION),
      author_id: options.userIds[0]!,
      created_at: new Date(start - 3_600_000),
      updated_at: new Date(end),
    })
    .returning(['id', 'iid'])
    .executeTakeFirstOrThrow();

  const rows: Insertable<NotesTable>[] = [];
  let discussions = 0;
  const hex = () => Array.from({ length: 40 }, () => random.int(0, 15).toString(16)).join('');
  const add = (discussion: string, note: string, system: boolean, resolvable: boolean) => {
    const at = new Date(Math.round(start + rows.length * step + random.next() * step * 0.5));
    rows.push({
      noteable_type: 'Issue',
      noteable_id: issue.id,
      project_id: options.projectId,
      author_id: random.pick(options.userIds),
      discussion_id: discussion,
      note,
      note_html: rendered(note),
      system,
      internal: false,
      resolvable,
      created_at: at,
      updated_at: at,
    });
  };
  while (rows.length < total) {
    discussions += 1;
    const kind = random.next();
    if (kind < 0.3) add(hex(), random.pick(systemNotes), true, false);
    else if (kind < 0.75) add(hex(), random.pick(comments), false, false);
    else {
      const id = hex();
      add(id, random.pick(comments), false, true);
      const count = Math.min(random.int(1, 5), total - rows.length);
      for (let r = 0; r < count; r += 1) add(id, random.pick(replies), false, true);
    }
  }
  await insertAll(db, 'notes', rows);

  // Award emoji on about one comment in eight (one to three users each), and on the issue itself.
  const inserted = await db
    .selectFrom('notes')
    .select(['id', 'created_at'])
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', issue.id)
    .where('system', '=', false)
    .orderBy('id')
    .execute();
  const awards: {
    name: string;
    user_id: number;
    awardable_type: 'Note' | 'Issue';
    awardable_id: number;
    created_at: Date;
    updated_at: Date;
  }[] = [];
  const award = (type: 'Note' | 'Issue', id: number, at: Date, users: number) => {
    for (const user of random.sample(options.userIds, users)) {
      awards.push({
        name: random.pick(awardNames),
        user_id: user,
        awardable_type: type,
        awardable_id: id,
        created_at: at,
        updated_at: at,
      });
    }
  };
  for (const note of inserted) if (random.chance(0.125)) award('Note', note.id, note.created_at, random.int(1, 3));
  award('Issue', issue.id, new Date(end), Math.min(5, options.userIds.length));
  await insertAll(db, 'award_emoji', awards);
  return { issueId: issue.id, iid: issue.iid, notes: rows.length, discussions, awards: awards.length };
}
