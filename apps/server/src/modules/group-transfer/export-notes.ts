import { labelIdsAsTitles, labelIdsIn } from '@meridian/domain';
import { sql } from 'kysely';
import type { ArchiveRecords } from './archive-records';
import { EXPORT_BATCH, type ExportScope, iso, isoOrNull, keysetPages, mention, pathOf } from './export-scope';

type Noteable = 'Issue' | 'Epic';

/** The noteable's table and how a row of it becomes `{project_path|group_path, iid}`. */
const NOTEABLES = {
  Issue: {
    table: 'issues',
    owner: 'project_id',
    scopeIds: (s: ExportScope) => s.projectIds,
    paths: (s: ExportScope) => s.projectPaths,
    key: 'project_path',
  },
  Epic: {
    table: 'epics',
    owner: 'group_id',
    scopeIds: (s: ExportScope) => s.groupIds,
    paths: (s: ExportScope) => s.groupPaths,
    key: 'group_path',
  },
} as const;

function noteableRef(scope: ExportScope, type: Noteable, ownerId: number, iid: number) {
  const path = pathOf(NOTEABLES[type].paths(scope), ownerId) ?? '';
  return type === 'Issue' ? { project_path: path, iid } : { group_path: path, iid };
}

interface NoteRow {
  id: number;
  owner_id: number;
  iid: number;
  note: string;
  author_id: number | null;
  author_username: string | null;
  system: boolean;
  internal: boolean;
  discussion_id: string;
  resolvable: boolean;
  resolved_at: Date | null;
  resolved_by_id: number | null;
  resolved_by_username: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The titles of the labels a page's system notes name by id (`added ~12 label`), in one statement. */
async function labelTitlesOf(scope: ExportScope, rows: NoteRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.system ? labelIdsIn(row.note) : [])))];
  if (ids.length === 0) return new Map();
  const labels = await scope.db.selectFrom('labels').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(labels.map((label) => [label.id, label.title]));
}

/**
 * Comments and system notes on the group's issues, then on its epics; threads by discussion id. A system
 * note's labels named by id are named by title (the ids mean other labels, or none, where it is imported).
 */
export async function* noteRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['notes']> {
  for (const type of ['Issue', 'Epic'] as const) {
    const n = NOTEABLES[type];
    for await (const rows of keysetPages((after) =>
      sql<NoteRow>`
        SELECT no.id, x.${sql.ref(n.owner)} AS owner_id, x.iid, no.note, no.author_id, a.username AS author_username,
               no.system, no.internal, no.discussion_id, no.resolvable, no.resolved_at, no.resolved_by_id,
               r.username AS resolved_by_username, no.created_at, no.updated_at
        FROM notes no
        JOIN ${sql.table(n.table)} x ON x.id = no.noteable_id
        LEFT JOIN users a ON a.id = no.author_id
        LEFT JOIN users r ON r.id = no.resolved_by_id
        WHERE no.noteable_type = ${type} AND x.${sql.ref(n.owner)} IN (${n.scopeIds(scope)}) AND no.id > ${after}
        ORDER BY no.id LIMIT ${EXPORT_BATCH}`
        .execute(scope.db)
        .then((r) => r.rows),
    )) {
      const labelTitles = await labelTitlesOf(scope, rows);
      for (const row of rows) {
        yield {
          id: row.id,
          noteable_type: type,
          noteable: noteableRef(scope, type, row.owner_id, row.iid),
          note: row.system ? labelIdsAsTitles(row.note, (id) => labelTitles.get(id)) : row.note,
          author: mention(scope, row.author_id, row.author_username),
          system: row.system,
          internal: row.internal,
          discussion_id: row.discussion_id,
          resolvable: row.resolvable,
          resolved_at: isoOrNull(row.resolved_at),
          resolved_by: mention(scope, row.resolved_by_id, row.resolved_by_username),
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
        };
      }
    }
  }
}

interface AwardRow {
  id: number;
  name: string;
  user_id: number;
  username: string;
  created_at: Date;
  owner_id: number;
  iid: number;
}

/** Award emoji on the group's issues and epics, then on their notes (by the note's archive id). */
export async function* awardEmojiRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['award_emoji']> {
  for (const type of ['Issue', 'Epic'] as const) {
    const n = NOTEABLES[type];
    for await (const rows of keysetPages((after) =>
      sql<AwardRow>`
        SELECT aw.id, aw.name, aw.user_id, u.username, aw.created_at, x.${sql.ref(n.owner)} AS owner_id, x.iid
        FROM award_emoji aw
        JOIN ${sql.table(n.table)} x ON x.id = aw.awardable_id
        JOIN users u ON u.id = aw.user_id
        WHERE aw.awardable_type = ${type} AND x.${sql.ref(n.owner)} IN (${n.scopeIds(scope)}) AND aw.id > ${after}
        ORDER BY aw.id LIMIT ${EXPORT_BATCH}`
        .execute(scope.db)
        .then((r) => r.rows),
    )) {
      for (const row of rows) {
        yield {
          name: row.name,
          user: mention(scope, row.user_id, row.username) ?? '',
          awardable_type: type,
          awardable: noteableRef(scope, type, row.owner_id, row.iid),
          created_at: iso(row.created_at),
        };
      }
    }
  }
  for await (const rows of keysetPages((after) =>
    sql<Omit<AwardRow, 'owner_id' | 'iid'> & { note_id: number }>`
      SELECT aw.id, aw.name, aw.user_id, u.username, aw.created_at, no.id AS note_id
      FROM award_emoji aw
      JOIN notes no ON no.id = aw.awardable_id
      JOIN users u ON u.id = aw.user_id
      LEFT JOIN issues i ON no.noteable_type = 'Issue' AND i.id = no.noteable_id
      LEFT JOIN epics e ON no.noteable_type = 'Epic' AND e.id = no.noteable_id
      WHERE aw.awardable_type = 'Note' AND aw.id > ${after}
        AND (i.project_id IN (${scope.projectIds}) OR e.group_id IN (${scope.groupIds}))
      ORDER BY aw.id LIMIT ${EXPORT_BATCH}`
      .execute(scope.db)
      .then((r) => r.rows),
  )) {
    for (const row of rows) {
      yield {
        name: row.name,
        user: mention(scope, row.user_id, row.username) ?? '',
        awardable_type: 'Note',
        awardable: { note_id: row.note_id },
        created_at: iso(row.created_at),
      };
    }
  }
}
