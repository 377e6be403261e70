import { randomBytes } from 'node:crypto';
import type { Database } from '../db/connection';
import type { Principal, PrincipalName, Space, Vis } from './authz-principals';

/** The authorization world's bundles: one complete set of objects per cell (see authz-world.ts). */

export interface Ref {
  id: number;
  iid: number;
  title: string;
}
export interface NoteRef {
  id: number;
  discussionId: string;
}

export interface Bundle {
  key: string;
  space: Space;
  confidential: boolean;
  /** Whether the bundle's notes are internal. */
  internal: boolean;
  /** The issue under test, authored by `author`, assigned to `assignee`, in `epic`, on `projectMilestone`. */
  issue: Ref;
  /** Linked from `issue` (`issueLink`), on `groupMilestone`. */
  issue2: Ref;
  /** Free: a target for new links and epic assignments. */
  issue3: Ref;
  issueLink: { id: number };
  epic: Ref;
  /** Children of `epic` (`epic4` is also the target of `epicLink`). */
  epic2: Ref;
  epic4: Ref;
  /** Free: a target for new children and related-epic links. */
  epic3: Ref;
  /** `issue` and `issue2` in `epic`. */
  epicIssue: { id: number };
  epicIssue2: { id: number };
  epicLink: { id: number };
  issueNote: NoteRef;
  epicNote: NoteRef;
  issueAward: { id: number };
  epicAward: { id: number };
  issueNoteAward: { id: number };
  epicNoteAward: { id: number };
  projectLabel: Ref;
  groupLabel: Ref;
  projectMilestone: Ref;
  groupMilestone: Ref;
}

export interface BundleRequest {
  /** Read cells use the read spaces (whose lists stay short); writes use the write spaces. */
  purpose: 'read' | 'write';
  vis: Vis;
  confidential: boolean;
  internal: boolean;
}

/**
 * `createBundles` for the world: each bundle in the read or write space of its visibility, authored
 * by the `author` principal and assigned to `assignee`, numbered after the bundles made before it.
 */
export function bundleMaker(
  db: Database,
  world: {
    principals: Record<PrincipalName, Principal>;
    spaces: Record<Vis, Space>;
    writeSpaces: Record<Vis, Space>;
    tag: string;
  },
): (requests: BundleRequest[]) => Promise<Bundle[]> {
  const { principals, spaces, writeSpaces, tag } = world;
  const author = principals.author.user?.id ?? 0;
  const assignee = principals.assignee.user?.id ?? 0;
  const iids = new Map<string, number>();
  const nextIid = (key: string) => {
    const n = (iids.get(key) ?? 0) + 1;
    iids.set(key, n);
    return n;
  };
  let serial = 0;

  async function createBundles(requests: BundleRequest[]): Promise<Bundle[]> {
    const bundles: Bundle[] = [];
    for (const chunk of chunks(requests, 150)) bundles.push(...(await createChunk(chunk)));
    return bundles;
  }

  async function createChunk(requests: BundleRequest[]): Promise<Bundle[]> {
    const drafts = requests.map((r) => {
      serial += 1;
      const space = (r.purpose === 'read' ? spaces : writeSpaces)[r.vis];
      // Discussion ids are 40 hex characters, as GitLab's.
      const discussion = () => randomBytes(20).toString('hex');
      return { ...r, space, key: `b${serial}${tag}`, issueDiscussion: discussion(), epicDiscussion: discussion() };
    });
    const milestoneRows = drafts.flatMap((d) => [
      { title: `${d.key} pm`, project_id: d.space.project.id, iid: nextIid(`pm${d.space.project.id}`) },
      { title: `${d.key} gm`, group_id: d.space.group.id, iid: nextIid(`gm${d.space.group.id}`) },
    ]);
    const milestones = byTitle(
      await db.insertInto('milestones').values(milestoneRows).returning(['id', 'iid', 'title']).execute(),
    );
    const labels = byTitle(
      await db
        .insertInto('labels')
        .values(
          drafts.flatMap((d) => [
            { title: `${d.key} pl`, color: '#aa0000', text_color: '#FFFFFF', project_id: d.space.project.id },
            { title: `${d.key} gl`, color: '#00aa00', text_color: '#FFFFFF', group_id: d.space.group.id },
          ]),
        )
        .returning(['id', 'title'])
        .execute(),
    );
    const issueRow = (d: (typeof drafts)[number], n: number, milestoneId: number | null) => ({
      project_id: d.space.project.id,
      iid: nextIid(`i${d.space.project.id}`),
      title: `${d.key} i${n}`,
      author_id: author,
      confidential: d.confidential,
      milestone_id: milestoneId,
    });
    const issues = byTitle(
      await db
        .insertInto('issues')
        .values(
          drafts.flatMap((d) => [
            issueRow(d, 1, refOf(milestones, `${d.key} pm`).id),
            issueRow(d, 2, refOf(milestones, `${d.key} gm`).id),
            issueRow(d, 3, null),
          ]),
        )
        .returning(['id', 'iid', 'title'])
        .execute(),
    );
    const epicRow = (d: (typeof drafts)[number], n: number, parentId: number | null) => ({
      group_id: d.space.group.id,
      iid: nextIid(`e${d.space.group.id}`),
      title: `${d.key} e${n}`,
      author_id: author,
      confidential: d.confidential,
      parent_id: parentId,
    });
    const insertEpics = async (rows: ReturnType<typeof epicRow>[]) =>
      db.insertInto('epics').values(rows).returning(['id', 'iid', 'title']).execute();
    const parents = byTitle(await insertEpics(drafts.flatMap((d) => [epicRow(d, 1, null), epicRow(d, 3, null)])));
    const children = await insertEpics(
      drafts.flatMap((d) => {
        const parentId = refOf(parents, `${d.key} e1`).id;
        return [epicRow(d, 2, parentId), epicRow(d, 4, parentId)];
      }),
    );
    const epics = new Map([...parents, ...byTitle(children)]);
    const ref = (map: Map<string, Ref>, d: (typeof drafts)[number], suffix: string) => refOf(map, `${d.key} ${suffix}`);
    await db
      .insertInto('issue_assignees')
      .values(
        drafts.flatMap((d) => [1, 2, 3].map((n) => ({ issue_id: ref(issues, d, `i${n}`).id, user_id: assignee }))),
      )
      .execute();
    const issueLinks = await db
      .insertInto('issue_links')
      .values(drafts.map((d) => ({ source_id: ref(issues, d, 'i1').id, target_id: ref(issues, d, 'i2').id })))
      .returning(['id', 'source_id'])
      .execute();
    const epicIssues = await db
      .insertInto('epic_issues')
      .values(
        drafts.flatMap((d) => [
          { epic_id: ref(epics, d, 'e1').id, issue_id: ref(issues, d, 'i1').id, relative_position: 0 },
          { epic_id: ref(epics, d, 'e1').id, issue_id: ref(issues, d, 'i2').id, relative_position: 100 },
        ]),
      )
      .returning(['id', 'issue_id'])
      .execute();
    const epicLinks = await db
      .insertInto('epic_links')
      .values(drafts.map((d) => ({ source_id: ref(epics, d, 'e1').id, target_id: ref(epics, d, 'e4').id })))
      .returning(['id', 'source_id'])
      .execute();
    const notes = await db
      .insertInto('notes')
      .values(
        drafts.flatMap((d) => [
          {
            noteable_type: 'Issue',
            noteable_id: ref(issues, d, 'i1').id,
            project_id: d.space.project.id,
            author_id: author,
            discussion_id: d.issueDiscussion,
            note: `${d.key} issue note`,
            internal: d.internal,
          },
          {
            noteable_type: 'Epic',
            noteable_id: ref(epics, d, 'e1').id,
            group_id: d.space.group.id,
            author_id: author,
            discussion_id: d.epicDiscussion,
            note: `${d.key} epic note`,
            internal: d.internal,
          },
        ]),
      )
      .returning(['id', 'discussion_id'])
      .execute();
    const noteBy = new Map(notes.map((n) => [n.discussion_id, n]));
    const awards = await db
      .insertInto('award_emoji')
      .values(
        drafts.flatMap((d) => [
          { name: 'thumbsup', user_id: author, awardable_type: 'Issue', awardable_id: ref(issues, d, 'i1').id },
          { name: 'thumbsup', user_id: author, awardable_type: 'Epic', awardable_id: ref(epics, d, 'e1').id },
          {
            name: 'thumbsup',
            user_id: author,
            awardable_type: 'Note',
            awardable_id: must(noteBy.get(d.issueDiscussion)).id,
          },
          {
            name: 'thumbsup',
            user_id: author,
            awardable_type: 'Note',
            awardable_id: must(noteBy.get(d.epicDiscussion)).id,
          },
        ]),
      )
      .returning(['id', 'awardable_type', 'awardable_id'])
      .execute();
    const awardOf = (type: string, id: number) =>
      must(awards.find((a) => a.awardable_type === type && a.awardable_id === id));
    return drafts.map((d) => {
      const issue = ref(issues, d, 'i1');
      const epic = ref(epics, d, 'e1');
      const issueNote = must(noteBy.get(d.issueDiscussion));
      const epicNote = must(noteBy.get(d.epicDiscussion));
      return {
        key: d.key,
        space: d.space,
        confidential: d.confidential,
        internal: d.internal,
        issue,
        issue2: ref(issues, d, 'i2'),
        issue3: ref(issues, d, 'i3'),
        issueLink: must(issueLinks.find((l) => l.source_id === issue.id)),
        epic,
        epic2: ref(epics, d, 'e2'),
        epic3: ref(epics, d, 'e3'),
        epic4: ref(epics, d, 'e4'),
        epicIssue: must(epicIssues.find((l) => l.issue_id === issue.id)),
        epicIssue2: must(epicIssues.find((l) => l.issue_id === ref(issues, d, 'i2').id)),
        epicLink: must(epicLinks.find((l) => l.source_id === epic.id)),
        issueNote: { id: issueNote.id, discussionId: issueNote.discussion_id },
        epicNote: { id: epicNote.id, discussionId: epicNote.discussion_id },
        issueAward: awardOf('Issue', issue.id),
        epicAward: awardOf('Epic', epic.id),
        issueNoteAward: awardOf('Note', issueNote.id),
        epicNoteAward: awardOf('Note', epicNote.id),
        projectLabel: ref(labels, d, 'pl'),
        groupLabel: ref(labels, d, 'gl'),
        projectMilestone: ref(milestones, d, 'pm'),
        groupMilestone: ref(milestones, d, 'gm'),
      };
    });
  }

  return createBundles;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function byTitle(rows: { id: number; iid?: number; title: string }[]): Map<string, Ref> {
  return new Map(rows.map((r) => [r.title, { id: r.id, iid: r.iid ?? 0, title: r.title }]));
}

function refOf(map: Map<string, Ref>, title: string): Ref {
  return must(map.get(title));
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('authz world: a row was not created');
  return value;
}
