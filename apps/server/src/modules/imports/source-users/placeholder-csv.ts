import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { badRequest, DomainError } from '../../../errors';
import type { ServiceContext } from '../../../service-context';
import type { GroupRow } from '../../namespaces';
import { listSourceUsers, reassignSourceUser } from './source-users.service';

/** GitLab's columns of the reassignment CSV (`Import::SourceUsers::GenerateCsvService`). */
export const CSV_HEADERS = [
  'Source host',
  'Import type',
  'Source user identifier',
  'Source user name',
  'Source username',
  'GitLab username',
  'GitLab public email',
] as const;

/** The source users an owner can still ask someone to take over, as GitLab's CSV download lists them. */
export async function placeholderReassignmentsCsv(ctx: ServiceContext, group: GroupRow): Promise<string> {
  const rows = await listSourceUsers(ctx.db, group, { statuses: ['pending_reassignment', 'rejected'] });
  return stringify([
    [...CSV_HEADERS],
    ...rows.map((r) => [
      r.source_hostname,
      'gitlab_migration',
      r.source_username,
      r.source_name,
      r.source_username,
      '',
      '',
    ]),
  ]);
}

export interface CsvReassignmentResult {
  /** Rows that asked someone; rows left blank are passed over. */
  reassigned: number;
  skipped: number;
  failed: Array<{ line: number; message: string }>;
}

/**
 * GitLab's `POST /groups/:id/placeholder_reassignments`: each row naming a user here (by username,
 * else by email) asks them to take over that source user's contributions, as the Reassign button does.
 * Rows are matched to source users by source host and source user identifier.
 */
export async function reassignFromCsv(
  ctx: ServiceContext,
  group: GroupRow,
  text: string,
): Promise<CsvReassignmentResult> {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      bom: true,
      relax_column_count: true,
    });
  } catch {
    throw badRequest('The file is not a valid CSV file.', 'file');
  }
  const result: CsvReassignmentResult = { reassigned: 0, skipped: 0, failed: [] };
  const first = records[0];
  if (first && !('source host' in first && 'source user identifier' in first))
    throw badRequest('The CSV file is missing the Source host and Source user identifier columns.', 'file');
  for (const [i, record] of records.entries()) {
    const line = i + 2;
    const username = (record['gitlab username'] ?? '').trim();
    const email = (record['gitlab public email'] ?? '').trim();
    if (!username && !email) {
      result.skipped += 1;
      continue;
    }
    const source = await ctx.db
      .selectFrom('import_source_users')
      .select('id')
      .where('namespace_id', '=', group.id)
      .where('source_hostname', '=', (record['source host'] ?? '').trim())
      .where('source_username', '=', (record['source user identifier'] ?? '').trim())
      .executeTakeFirst();
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where(
        username ? sql<boolean>`lower(username) = lower(${username})` : sql<boolean>`lower(email) = lower(${email})`,
      )
      .executeTakeFirst();
    if (!source) {
      result.failed.push({ line, message: 'No matching source user' });
      continue;
    }
    if (!user) {
      result.failed.push({ line, message: `No matching user for ${username || email}` });
      continue;
    }
    try {
      await reassignSourceUser(ctx, source.id, user.id);
      result.reassigned += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.failed.push({ line, message: error.message });
    }
  }
  return result;
}
