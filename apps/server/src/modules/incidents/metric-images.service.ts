import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/connection';
import type { IssuableMetricImagesTable } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { canIssue, canProject, forbiddenMessage } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { ServiceConfig } from '../../service-context';
import { findIssue, type IssueRow, issueSubject } from '../issues';
import type { ProjectRow } from '../namespaces';
import type { MetricImageUpdate, MetricImageUpload } from './metric-image-params';

/**
 * IE-78: an incident's metric images (GitLab's IssuableMetricImage). Readers of the incident list
 * them and read their files; Reporters and up upload, update and delete them, as in GitLab. The
 * file is kept in the instance's file store (the uploads directory, or an S3-compatible bucket);
 * its type is read from its bytes (never the name or the client's content type) and only PNG,
 * JPEG, GIF and WebP are taken.
 */

export type MetricImageRow = Selectable<IssuableMetricImagesTable>;

/** GitLab's MetricImageUploading::MAX_FILE_SIZE. */
export const METRIC_IMAGE_MAX_BYTES = 1024 * 1024;
export const METRIC_IMAGE_TOO_LARGE = 'file is too large (maximum is 1 MB)';

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

type Uploads = Pick<ServiceConfig, 'files'>;

/** The incident (404 when hidden or not an incident's iid the reader may see). */
async function readableIncident(db: Database, actor: Actor | null, project: ProjectRow, iid: number) {
  const issue = await findIssue(db, actor, project.id, iid);
  return issue;
}

/** Reporter and up on the incident's project, who may read the incident (GitLab's upload_issuable_metric_image). */
async function assertMayManage(db: Database, actor: Actor | null, issue: IssueRow) {
  const me = requireActor(actor);
  const subject = await issueSubject(db, issue);
  if (!canIssue(me, 'read_issue', subject) || !canProject(me, 'create_incident', subject.project)) {
    throw forbidden(forbiddenMessage(subject.project));
  }
  if (issue.issue_type !== 'incident') {
    throw badRequest('issue_iid is invalid: metric images are only for incidents', 'issue_iid');
  }
  return me;
}

export async function listMetricImages(db: Database, actor: Actor | null, project: ProjectRow, iid: number) {
  const issue = await readableIncident(db, actor, project, iid);
  return db
    .selectFrom('issuable_metric_images')
    .selectAll()
    .where('issue_id', '=', issue.id)
    .orderBy('id')
    .limit(100)
    .execute();
}

/** A file name safe to show in a path: its last segment, with anything but letters, digits, `.`, `-`, `_` as `_`. */
export function safeFilename(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200);
  return base && base !== '.' && base !== '..' ? base : `image.${ext}`;
}

export async function uploadMetricImage(
  db: Database,
  uploads: Uploads,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  input: MetricImageUpload,
): Promise<MetricImageRow> {
  const issue = await readableIncident(db, actor, project, iid);
  await assertMayManage(db, actor, issue);
  if (input.file.data.length === 0) throw badRequest('file is invalid: the file is empty', 'file');
  if (input.file.data.length > METRIC_IMAGE_MAX_BYTES) throw badRequest(METRIC_IMAGE_TOO_LARGE, 'file');
  const detected = await fileTypeFromBuffer(input.file.data);
  const ext = detected ? IMAGE_TYPES[detected.mime] : undefined;
  if (!detected || !ext) {
    throw badRequest(
      `file is invalid: only PNG, JPEG, GIF and WebP images are accepted (this file is ${detected?.mime ?? 'not an image'})`,
      'file',
    );
  }
  const stored = `issuable_metric_image/${issue.id}/${randomBytes(16).toString('hex')}.${ext}`;
  await uploads.files.put(stored, input.file.data, detected.mime);
  try {
    return await db
      .insertInto('issuable_metric_images')
      .values({
        issue_id: issue.id,
        filename: safeFilename(input.file.filename, ext),
        stored_path: stored,
        content_type: detected.mime,
        byte_size: input.file.data.length,
        url: input.url ?? null,
        url_text: input.url_text ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    await uploads.files.remove(stored);
    throw error;
  }
}

async function findImage(db: Database, issue: IssueRow, imageId: number) {
  const row = await db
    .selectFrom('issuable_metric_images')
    .selectAll()
    .where('issue_id', '=', issue.id)
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (!row) throw notFound('Metric Image');
  return row;
}

/** The incident's image, for who may manage the incident's images (404 for an image it does not have). */
async function managedImage(db: Database, actor: Actor | null, project: ProjectRow, iid: number, imageId: number) {
  const issue = await readableIncident(db, actor, project, iid);
  await assertMayManage(db, actor, issue);
  return findImage(db, issue, imageId);
}

export async function updateMetricImage(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  imageId: number,
  input: MetricImageUpdate,
): Promise<MetricImageRow> {
  const image = await managedImage(db, actor, project, iid, imageId);
  return db
    .updateTable('issuable_metric_images')
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.url_text !== undefined ? { url_text: input.url_text } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', image.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteMetricImage(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  imageId: number,
): Promise<void> {
  const image = await managedImage(db, actor, project, iid, imageId);
  // Its file goes with the row: the delete queues it for the file removal worker (file-store/file-removals.ts).
  await db.deleteFrom('issuable_metric_images').where('id', '=', image.id).execute();
}

/**
 * The bytes of a metric image for its file_path, for who may read its incident; 404 for anyone
 * else, or when the name does not match (the path names the image's own file name).
 */
export async function readMetricImageFile(
  db: Database,
  uploads: Uploads,
  actor: Actor | null,
  imageId: number,
  filename: string,
): Promise<{ data: Buffer; contentType: string }> {
  const image = await db
    .selectFrom('issuable_metric_images as m')
    .innerJoin('issues as i', 'i.id', 'm.issue_id')
    .select(['m.stored_path', 'm.content_type', 'm.filename', 'i.project_id', 'i.iid'])
    .where('m.id', '=', imageId)
    .executeTakeFirst();
  if (!image || image.filename !== filename) throw notFound('File');
  await findIssue(db, actor, image.project_id, image.iid).catch(() => {
    throw notFound('File');
  });
  const data = await uploads.files.get(image.stored_path);
  if (!data) throw notFound('File');
  return { data, contentType: image.content_type };
}
