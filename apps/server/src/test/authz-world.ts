import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/connection';
import { AccessLevel, type Visibility } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from './factories';

/**
 * The world the authorization matrix attacks: twelve principals, and for each visibility a group
 * with a project in which "bundles" live. A bundle is one complete set of objects (issues, epics,
 * notes, labels, milestones, links, awards) at one confidentiality; read cells share a bundle,
 * every write cell gets a fresh one so that writes never leak into another cell.
 */
export const principalNames = [
  'anonymous',
  'non_member',
  'guest',
  'planner',
  'reporter',
  'developer',
  'maintainer',
  'owner',
  'admin',
  'author',
  'assignee',
  'blocked',
] as const;
export type PrincipalName = (typeof principalNames)[number];

export const visibilities = ['public', 'internal', 'private'] as const;
export type Vis = (typeof visibilities)[number];
const visibilityLevel: Record<Vis, (typeof Visibility)[keyof typeof Visibility]> = {
  public: 20,
  internal: 10,
  private: 0,
};

/** Group role of each member principal (author and assignee are Guests who wrote / were given the issue). */
const roles: Partial<Record<PrincipalName, number>> = {
  guest: AccessLevel.GUEST,
  planner: AccessLevel.PLANNER,
  reporter: AccessLevel.REPORTER,
  developer: AccessLevel.DEVELOPER,
  maintainer: AccessLevel.MAINTAINER,
  owner: AccessLevel.OWNER,
  author: AccessLevel.GUEST,
  assignee: AccessLevel.GUEST,
  // A blocked user keeps a strong role: the block alone must shut them out.
  blocked: AccessLevel.MAINTAINER,
};

export interface Principal {
  name: PrincipalName;
  user: { id: number; username: string; admin: boolean } | null;
  token: string | null;
}

export interface Space {
  vis: Vis;
  visibilityLevel: number;
  group: { id: number; path: string; traversalIds: number[] };
  project: { id: number; path: string; fullPath: string };
}

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

export interface AuthzWorld {
  db: Database;
  principals: Record<PrincipalName, Principal>;
  spaces: Record<Vis, Space>;
  writeSpaces: Record<Vis, Space>;
  /** Creates many bundles at once (a few multi-row inserts per table). */
  createBundles: (requests: BundleRequest[]) => Promise<Bundle[]>;
  /** Everything a bundle holds, as the database has it: compared before and after a denied write. */
  snapshot: (bundle: Bundle) => Promise<string>;
  /** Whether any issue, epic, note, label or milestone carries `marker` (a denied create left a row). */
  markerExists: (marker: string) => Promise<boolean>;
}

export async function createAuthzWorld(db: Database): Promise<AuthzWorld> {
  const tag = Math.random().toString(36).slice(2, 8);
  const principals = {} as Record<PrincipalName, Principal>;
  for (const name of principalNames) {
    if (name === 'anonymous') {
      principals[name] = { name, user: null, token: null };
      continue;
    }
    const user = await createUser(db, {
      username: `az_${name}_${tag}`,
      admin: name === 'admin',
      state: name === 'blocked' ? 'blocked' : 'active',
    });
    principals[name] = {
      name,
      user: { id: user.id, username: user.username, admin: user.admin },
      token: await createToken(db, user.id),
    };
  }
  const createSpace = async (vis: Vis, purpose: string): Promise<Space> => {
    const level = visibilityLevel[vis];
    const group = await createGroup(db, { path: `az-${purpose}-${vis}-${tag}`, visibility: level });
    const project = await createProject(db, { namespaceId: group.id, path: 'app', visibility: level });
    for (const [name, role] of Object.entries(roles)) {
      const user = principals[name as PrincipalName].user;
      if (user && role) await addGroupMember(db, group.id, user.id, role);
    }
    return {
      vis,
      visibilityLevel: level,
      group: { id: group.id, path: group.path, traversalIds: group.traversal_ids },
      project: { id: project.id, path: project.path, fullPath: `${group.path}/${project.path}` },
    };
  };
  const spaces = {} as Record<Vis, Space>;
  const writeSpaces = {} as Record<Vis, Space>;
  for (const vis of visibilities) {
    spaces[vis] = await createSpace(vis, 'r');
    writeSpaces[vis] = await createSpace(vis, 'w');
  }
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

  async function snapshot(b: Bundle): Promise<string> {
    const issueIds = [b.issue.id, b.issue2.id, b.issue3.id];
    const epicIds = [b.epic.id, b.epic2.id, b.epic3.id, b.epic4.id];
    const labelIds = [b.projectLabel.id, b.groupLabel.id];
    const result = await sql<{ state: unknown }>`SELECT json_build_object(
      'issues', (SELECT json_agg(x ORDER BY x.id) FROM issues x WHERE x.id = ANY(${issueIds})),
      'assignees', (SELECT json_agg(x ORDER BY x.issue_id, x.user_id) FROM issue_assignees x WHERE x.issue_id = ANY(${issueIds})),
      'issue_links', (SELECT json_agg(x ORDER BY x.id) FROM issue_links x WHERE x.source_id = ANY(${issueIds}) OR x.target_id = ANY(${issueIds})),
      'epics', (SELECT json_agg(x ORDER BY x.id) FROM epics x WHERE x.id = ANY(${epicIds}) OR x.parent_id = ANY(${epicIds})),
      'epic_issues', (SELECT json_agg(x ORDER BY x.id) FROM epic_issues x WHERE x.epic_id = ANY(${epicIds}) OR x.issue_id = ANY(${issueIds})),
      'epic_links', (SELECT json_agg(x ORDER BY x.id) FROM epic_links x WHERE x.source_id = ANY(${epicIds}) OR x.target_id = ANY(${epicIds})),
      'notes', (SELECT json_agg(x ORDER BY x.id) FROM notes x WHERE (x.noteable_type = 'Issue' AND x.noteable_id = ANY(${issueIds})) OR (x.noteable_type = 'Epic' AND x.noteable_id = ANY(${epicIds}))),
      'awards', (SELECT json_agg(x ORDER BY x.id) FROM award_emoji x WHERE (x.awardable_type = 'Issue' AND x.awardable_id = ANY(${issueIds})) OR (x.awardable_type = 'Epic' AND x.awardable_id = ANY(${epicIds})) OR (x.awardable_type = 'Note' AND x.awardable_id = ANY(${[b.issueNote.id, b.epicNote.id]}))),
      'labels', (SELECT json_agg(x ORDER BY x.id) FROM labels x WHERE x.id = ANY(${labelIds}) OR x.title = ANY(${[b.projectLabel.title]})),
      'subscriptions', (SELECT json_agg(x ORDER BY x.id) FROM subscriptions x WHERE x.subscribable_type = 'Label' AND x.subscribable_id = ANY(${labelIds})),
      'milestones', (SELECT json_agg(x ORDER BY x.id) FROM milestones x WHERE x.id = ANY(${[b.projectMilestone.id, b.groupMilestone.id]}))
    ) AS state`.execute(db);
    return JSON.stringify(result.rows[0]?.state);
  }

  const writeProjects = visibilities.map((v) => writeSpaces[v].project.id);
  const writeGroups = visibilities.map((v) => writeSpaces[v].group.id);
  async function markerExists(marker: string): Promise<boolean> {
    const like = `%${marker}%`;
    const result = await sql<{ found: boolean }>`SELECT (
      EXISTS (SELECT 1 FROM issues WHERE project_id = ANY(${writeProjects}) AND title LIKE ${like}) OR
      EXISTS (SELECT 1 FROM epics WHERE group_id = ANY(${writeGroups}) AND title LIKE ${like}) OR
      EXISTS (SELECT 1 FROM notes WHERE (project_id = ANY(${writeProjects}) OR group_id = ANY(${writeGroups})) AND note LIKE ${like}) OR
      EXISTS (SELECT 1 FROM labels WHERE (project_id = ANY(${writeProjects}) OR group_id = ANY(${writeGroups})) AND title LIKE ${like}) OR
      EXISTS (SELECT 1 FROM milestones WHERE (project_id = ANY(${writeProjects}) OR group_id = ANY(${writeGroups})) AND title LIKE ${like})
    ) AS found`.execute(db);
    return result.rows[0]?.found === true;
  }

  return { db, principals, spaces, writeSpaces, createBundles, snapshot, markerExists };
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
