import { insertRows } from '../../../db/insert-rows';
import { AccessLevel } from '../../../policy/access-levels';
import type { ArchiveRecords } from '../../group-transfer';
import { recordSeatUsage } from '../../members';
import type { Ref, RowsWriter } from './archive-context';
import { NOT_IN_ARCHIVE } from './archive-import-places';
import { keys } from './archive-keys';

const ACCESS_LEVELS = new Set<number>(Object.values(AccessLevel).filter((level) => level > 0));

export const memberRefs = (m: ArchiveRecords['members']): Ref[] => [
  m.source_type === 'Namespace'
    ? { kind: 'groups', key: keys.group(m.source_path) }
    : { kind: 'projects', key: keys.project(m.source_path) },
  { kind: 'users', key: keys.user(m.user.username) },
];

type Membership = {
  table: 'group_members' | 'project_members';
  sourceId: number;
  username: string;
  values: {
    user_id: number;
    access_level: number;
    expires_at: string | null;
    created_by_id: number | null;
    created_at: Date;
  };
};

const pairKey = (table: string, sourceId: number, userId: number) => `${table}:${sourceId}:${userId}`;

/**
 * Memberships, for people matched to users here. A placeholder gets none (GitLab gives it on
 * reassignment); a membership the group or project has already (the importing owner's) is kept. The
 * batch's people, existing memberships and new rows in one statement each, the seats counted once.
 */
export const memberRows: RowsWriter<ArchiveRecords['members'], Membership> = {
  shape(a, m) {
    const sourceId =
      m.source_type === 'Namespace'
        ? a.id('groups', keys.group(m.source_path))
        : a.id('projects', keys.project(m.source_path));
    const userId = a.id('users', keys.user(m.user.username));
    if (sourceId === undefined || userId === undefined) return { skipped: `membership ${NOT_IN_ARCHIVE}` };
    if (!ACCESS_LEVELS.has(m.access_level))
      return { skipped: `access level ${m.access_level} is not one of GitLab's roles` };
    return {
      table: m.source_type === 'Namespace' ? 'group_members' : 'project_members',
      sourceId,
      username: m.user.username,
      values: {
        user_id: userId,
        access_level: m.access_level,
        expires_at: m.expires_at,
        created_by_id: a.ctx.actor?.id ?? null,
        created_at: new Date(m.created_at),
      },
    };
  },
  async write(a, shaped) {
    if (shaped.length === 0) return [];
    const { db } = a.ctx;
    const userIds = [...new Set(shaped.map((m) => m.values.user_id))];
    const accounts = await db.selectFrom('users').select(['id', 'placeholder']).where('id', 'in', userIds).execute();
    const real = new Set(accounts.filter((u) => !u.placeholder).map((u) => u.id));
    const wanted = shaped.filter((m) => real.has(m.values.user_id));
    const ofTable = (table: Membership['table']) => wanted.filter((m) => m.table === table);
    const existing = new Map<string, number>();
    const groups = ofTable('group_members');
    if (groups.length > 0) {
      const rows = await db
        .selectFrom('group_members')
        .select(['id', 'group_id', 'user_id'])
        .where('group_id', 'in', [...new Set(groups.map((m) => m.sourceId))])
        .where('user_id', 'in', [...new Set(groups.map((m) => m.values.user_id))])
        .execute();
      for (const r of rows) existing.set(pairKey('group_members', r.group_id, r.user_id), r.id);
    }
    const projects = ofTable('project_members');
    if (projects.length > 0) {
      const rows = await db
        .selectFrom('project_members')
        .select(['id', 'project_id', 'user_id'])
        .where('project_id', 'in', [...new Set(projects.map((m) => m.sourceId))])
        .where('user_id', 'in', [...new Set(projects.map((m) => m.values.user_id))])
        .execute();
      for (const r of rows) existing.set(pairKey('project_members', r.project_id, r.user_id), r.id);
    }
    const isNew = (m: Membership) => !existing.has(pairKey(m.table, m.sourceId, m.values.user_id));
    const newGroups = groups.filter(isNew);
    const newProjects = projects.filter(isNew);
    const groupIds = await insertRows(
      a.ctx.db,
      'group_members',
      newGroups.map((m) => ({ ...m.values, group_id: m.sourceId })),
    );
    const projectIds = await insertRows(
      a.ctx.db,
      'project_members',
      newProjects.map((m) => ({ ...m.values, project_id: m.sourceId })),
    );
    for (const [n, m] of newGroups.entries())
      existing.set(pairKey(m.table, m.sourceId, m.values.user_id), groupIds[n] as number);
    for (const [n, m] of newProjects.entries())
      existing.set(pairKey(m.table, m.sourceId, m.values.user_id), projectIds[n] as number);
    if (newGroups.length + newProjects.length > 0) await recordSeatUsage(db, a.root.id);
    return shaped.map((m) =>
      real.has(m.values.user_id)
        ? (existing.get(pairKey(m.table, m.sourceId, m.values.user_id)) as number)
        : { skipped: `${m.username} has no account here (placeholder user)` },
    );
  },
};
