import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { issuesWithProject, mergeRequestsWithProject } from '../modules/issuables';
import { scopeActorNames, sorted, useSqlScopesWorld } from '../test/sql-scopes-world';
import { canEpic, canIssue, canMergeRequest, canNote } from './abilities';
import {
  epicConfidentialityAllows,
  epicNotHidden,
  epicReadable,
  groupReadable,
  internalIssueNotesReadable,
  issueConfidentialityAllows,
  issueNotHidden,
  issueReadable,
  mergeRequestReadable,
  noteNotHidden,
  projectIssuesEnabled,
  projectReadable,
} from './sql-scopes';

/**
 * For a set of actors, the issues, internal notes, epics, merge requests and their comments the SQL
 * scopes return must be exactly those the pure rules in abilities.ts allow. The world is described in
 * test/sql-scopes-world.ts.
 */
const { t, actors } = useSqlScopesWorld();

describe('SQL scopes agree with the pure rules', () => {
  describe('issues, internal notes, epics, merge requests and their comments', () => {
    it.each(scopeActorNames)('%s', async (name) => {
      const actor = actors[name] ?? null;
      const db = t.db;

      const projectScope = projectReadable(actor, {
        projectId: 'p.id',
        visibility: 'p.visibility_level',
        namespaceTraversalIds: 'n.traversal_ids',
      });
      const allIssues = await issuesWithProject(db)
        .select([
          'i.id',
          'i.confidential',
          'i.author_id',
          'i.hidden_as_spam',
          'p.id as pid',
          'p.visibility_level',
          'p.issues_enabled',
          'p.archived',
          'n.traversal_ids',
        ])
        .select((eb) =>
          eb
            .fn<number[]>('array', [
              eb.selectFrom('issue_assignees as ia').select('ia.user_id').whereRef('ia.issue_id', '=', 'i.id'),
            ])
            .as('assignee_ids'),
        )
        .select(
          sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = i.author_id AND u.state = 'banned')`.as(
            'author_banned',
          ),
        )
        .execute();
      const sqlIssues = await issuesWithProject(db)
        .select('i.id')
        .where(projectScope)
        .where(projectIssuesEnabled({ issuesEnabled: 'p.issues_enabled' }))
        .where(
          issueConfidentialityAllows(actor, {
            issueId: 'i.id',
            confidential: 'i.confidential',
            authorId: 'i.author_id',
            projectId: 'p.id',
            namespaceTraversalIds: 'n.traversal_ids',
          }),
        )
        .where(issueNotHidden(actor, { authorId: 'i.author_id', hiddenAsSpam: 'i.hidden_as_spam' }))
        .execute();
      // The composed condition every issue query uses says the same.
      const composed = await issuesWithProject(db)
        .select('i.id')
        .where(issueReadable(actor, { i: 'i', p: 'p', n: 'n' }))
        .execute();
      expect(sorted(composed.map((r) => r.id))).toEqual(sorted(sqlIssues.map((r) => r.id)));
      const issueSubject = (i: (typeof allIssues)[number]) =>
        ({
          kind: 'issue',
          project: {
            kind: 'project',
            id: i.pid,
            namespaceTraversalIds: i.traversal_ids,
            visibilityLevel: i.visibility_level,
            issuesEnabled: i.issues_enabled,
            archived: i.archived,
          },
          confidential: i.confidential,
          authorId: i.author_id,
          assigneeIds: i.assignee_ids,
          discussionLocked: false,
          hidden: i.hidden_as_spam || i.author_banned,
        }) as const;
      const ruleIssues = allIssues.filter((i) => canIssue(actor, 'read_issue', issueSubject(i)));
      expect(sorted(sqlIssues.map((r) => r.id))).toEqual(sorted(ruleIssues.map((i) => i.id)));

      // Internal notes: on every readable issue, the SQL twin agrees with canNote.
      const sqlInternal = await issuesWithProject(db)
        .select('i.id')
        .where('i.id', 'in', ruleIssues.length ? ruleIssues.map((i) => i.id) : [0])
        .where(internalIssueNotesReadable(actor, { projectId: 'p.id', namespaceTraversalIds: 'n.traversal_ids' }))
        .execute();
      const ruleInternal = ruleIssues.filter((i) =>
        canNote(actor, 'read_note', {
          kind: 'note',
          noteable: issueSubject(i),
          authorId: null,
          internal: true,
          system: false,
        }),
      );
      expect(sorted(sqlInternal.map((r) => r.id))).toEqual(sorted(ruleInternal.map((i) => i.id)));

      const allEpics = await db
        .selectFrom('epics as e')
        .innerJoin('namespaces as n', 'n.id', 'e.group_id')
        .select(['e.id', 'e.confidential', 'e.author_id', 'n.id as gid', 'n.visibility_level', 'n.traversal_ids'])
        .select(
          sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = e.author_id AND u.state = 'banned')`.as(
            'author_banned',
          ),
        )
        .execute();
      const sqlEpics = await db
        .selectFrom('epics as e')
        .innerJoin('namespaces as n', 'n.id', 'e.group_id')
        .select('e.id')
        .where(
          groupReadable(actor, { groupId: 'n.id', visibility: 'n.visibility_level', traversalIds: 'n.traversal_ids' }),
        )
        .where(
          epicConfidentialityAllows(actor, { confidential: 'e.confidential', groupTraversalIds: 'n.traversal_ids' }),
        )
        .where(epicNotHidden(actor, { authorId: 'e.author_id' }))
        .execute();
      const composedEpics = await db
        .selectFrom('epics as e')
        .innerJoin('namespaces as n', 'n.id', 'e.group_id')
        .select('e.id')
        .where(epicReadable(actor, { e: 'e', g: 'n' }))
        .execute();
      expect(sorted(composedEpics.map((r) => r.id))).toEqual(sorted(sqlEpics.map((r) => r.id)));
      const ruleEpics = allEpics.filter((e) =>
        canEpic(actor, 'read_epic', {
          kind: 'epic',
          group: { kind: 'group', id: e.gid, traversalIds: e.traversal_ids, visibilityLevel: e.visibility_level },
          confidential: e.confidential,
          authorId: e.author_id,
          hidden: e.author_banned,
        }),
      );
      expect(sorted(sqlEpics.map((r) => r.id))).toEqual(sorted(ruleEpics.map((e) => e.id)));
      // Merge requests: mergeRequestReadable agrees with canMergeRequest (project, feature, ban).
      const allMrs = await mergeRequestsWithProject(db)
        .select([
          'mr.id',
          'mr.author_id',
          'p.id as pid',
          'p.visibility_level',
          'p.merge_requests_enabled',
          'p.archived',
        ])
        .select('n.traversal_ids')
        .select(
          sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = mr.author_id AND u.state = 'banned')`.as('banned'),
        )
        .execute();
      const sqlMrs = await mergeRequestsWithProject(db).select('mr.id').where(mergeRequestReadable(actor)).execute();
      const mrSubject = (m: (typeof allMrs)[number]) =>
        ({
          kind: 'merge_request',
          project: {
            kind: 'project',
            id: m.pid,
            namespaceTraversalIds: m.traversal_ids,
            visibilityLevel: m.visibility_level,
            archived: m.archived,
            mergeRequestsEnabled: m.merge_requests_enabled,
          },
          authorId: m.author_id,
          discussionLocked: false,
          hidden: m.banned,
        }) as const;
      const ruleMrs = allMrs.filter((m) => canMergeRequest(actor, 'read_merge_request', mrSubject(m)));
      expect(sorted(sqlMrs.map((r) => r.id))).toEqual(sorted(ruleMrs.map((m) => m.id)));

      // Their comments: noteNotHidden agrees with canNote's hidden (a banned author's comments).
      const readableMr = new Map(ruleMrs.map((m) => [m.id, m]));
      const allNotes = await db
        .selectFrom('notes as nt')
        .select(['nt.id', 'nt.noteable_id', 'nt.author_id'])
        .select(
          sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = nt.author_id AND u.state = 'banned')`.as('banned'),
        )
        .where('nt.noteable_type', '=', 'MergeRequest')
        .execute();
      const sqlNotes = await db
        .selectFrom('notes as nt')
        .select('nt.id')
        .where('nt.noteable_type', '=', 'MergeRequest')
        .where('nt.noteable_id', 'in', [0, ...readableMr.keys()])
        .where(noteNotHidden(actor, { authorId: 'nt.author_id' }))
        .execute();
      const ruleNotes = allNotes.filter((n) => {
        const m = readableMr.get(n.noteable_id);
        return (
          m !== undefined &&
          canNote(actor, 'read_note', {
            kind: 'note',
            noteable: mrSubject(m),
            authorId: n.author_id,
            internal: false,
            system: false,
            hidden: n.banned,
          })
        );
      });
      expect(sorted(sqlNotes.map((r) => r.id))).toEqual(sorted(ruleNotes.map((n) => n.id)));
      const notesOnReadable = allNotes.filter((n) => readableMr.has(n.noteable_id));
      if (name !== 'admin' && notesOnReadable.length > 0) expect(ruleNotes.length).toBeLessThan(notesOnReadable.length);

      // The world is rich enough to matter: something is hidden from everyone but the admin.
      if (name !== 'admin') expect(ruleIssues.length).toBeLessThan(allIssues.length);
    });
  });
});
