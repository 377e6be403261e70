import { REDMINE_WORK_ITEM_TYPES, type RedmineWorkItemType, suggestedWorkItemType } from '@meridian/domain';
import type { Database } from '../../../db/connection';
import { withTransaction } from '../../../db/with-transaction';
import { forbidden, unprocessable } from '../../../errors';
import { canGroup } from '../../../policy/abilities';
import type { Actor } from '../../../policy/actor';
import { requireActor } from '../../../policy/require-actor';
import type { ServiceContext } from '../../../service-context';
import { type GroupRow, groupSubject } from '../../namespaces';
import { SourceInstanceError } from '../external-source';
import { type ImportJobSummary, insertImportJob } from '../import-jobs';
import { type RedmineClient, redmineClient } from './redmine-client';
import type { RedmineImportInput } from './redmine-import-params';
import { projectsInScope } from './redmine-source';
import type { RedmineJobOptions, RedmineProject } from './redmine-types';

/** Importing creates subgroups, projects and labels in the group: its owners may. */
function assertMayImport(actor: Actor, group: GroupRow) {
  if (!canGroup(actor, 'admin_group', groupSubject(group))) {
    throw forbidden('403 Forbidden - only the owners of the group may import into it');
  }
}

/** A Redmine that cannot be read as asked is a 422 naming why (a refused key, an unknown project, a blocked URL). */
async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof SourceInstanceError) throw unprocessable(error.message);
    throw error;
  }
}

/** What the mapping page shows before the import starts, read from the Redmine with the key. */
async function readRedmine(client: RedmineClient, input: RedmineImportInput) {
  return reading(async () => {
    const me = await client.currentUser();
    const projects = await client.all<RedmineProject>('/projects.json', 'projects');
    for (const identifier of input.projects) {
      if (!projects.some((p) => p.identifier === identifier)) {
        throw new SourceInstanceError(`project ${identifier} was not found on Redmine, or the API key may not read it`);
      }
    }
    const chosen =
      input.projects.length > 0 ? input.projects : projects.filter((p) => !p.parent).map((p) => p.identifier);
    const trackers = (await client.trackers()).map((t) => ({
      id: t.id,
      name: t.name,
      type: (input.trackers[String(t.id)] ?? suggestedWorkItemType(t.name)) as RedmineWorkItemType,
    }));
    return { me: me.user, projects, chosen, trackers };
  });
}

/**
 * The mapping page's first step: the Redmine's projects (those chosen, and every one the key can read
 * to choose from) and its trackers with the work item type each becomes. Writes nothing.
 */
export async function previewRedmineImport(ctx: ServiceContext, group: GroupRow, input: RedmineImportInput) {
  const actor = requireActor(ctx.actor);
  assertMayImport(actor, group);
  const read = await readRedmine(redmineClient(ctx.db, input.url, input.api_key), input);
  const inScope = new Set(projectsInScope(read.projects, read.chosen).map((p) => p.id));
  return {
    url: input.url,
    user: { login: read.me.login, admin: (read.me as { admin?: boolean }).admin === true },
    projects: read.projects.map((p) => ({
      id: p.id,
      identifier: p.identifier,
      name: p.name,
      parent_id: p.parent?.id ?? null,
      chosen: read.chosen.includes(p.identifier),
      imported: inScope.has(p.id),
    })),
    trackers: read.trackers,
    types: REDMINE_WORK_ITEM_TYPES,
  };
}

/**
 * Starts a Redmine import into the group: reads the Redmine with the key first (a refused key, a
 * project it does not have or a blocked URL is a 422 naming why, and nothing is made), then stores the
 * job — URL, key (dropped when the job ends), projects and tracker mapping — for the workers to run.
 */
export async function startRedmineImport(
  ctx: ServiceContext,
  group: GroupRow,
  input: RedmineImportInput,
): Promise<ImportJobSummary> {
  const actor = requireActor(ctx.actor);
  assertMayImport(actor, group);
  const read = await readRedmine(redmineClient(ctx.db, input.url, input.api_key), input);
  if (read.chosen.length === 0) throw unprocessable('the Redmine has no project the API key can read');
  const options: RedmineJobOptions = {
    projects: read.chosen,
    trackers: Object.fromEntries(read.trackers.map((t) => [String(t.id), t.type])),
    text_formatting: input.text_formatting,
  };
  return withTransaction(ctx.db, async (trx) => {
    const job = await insertImportJob(trx, {
      kind: 'redmine',
      namespaceId: group.id,
      createdById: actor.id,
      sourceName: `${input.url} ${read.chosen.join(', ')}`.slice(0, 255),
      sourceFile: null,
    });
    await trx
      .updateTable('import_jobs')
      .set({ source_url: input.url, source_token: input.api_key, source_options: JSON.stringify(options) })
      .where('id', '=', job.id)
      .execute();
    return job;
  });
}

/** The job's options as stored (the tracker mapping shown on its page). */
export async function redmineJobOptions(db: Database, jobId: number): Promise<RedmineJobOptions | null> {
  const row = await db.selectFrom('import_jobs').select('source_options').where('id', '=', jobId).executeTakeFirst();
  return (row?.source_options as RedmineJobOptions | null) ?? null;
}
