import { z } from 'zod';
import { badRequest, DomainError } from '../../errors';
import { gitlabId } from '../../rest/gitlab-list-params';
import { parseInput } from '../../rest/params';
import { epicUpdateParams } from './epic-params';

/**
 * The bracketed fields the epic page sends (`epic[title]=…`, or `{"epic": {"title": …}}`), by their
 * name in the REST schema. `label_ids` is the one that differs: ids, resolved to titles by the caller.
 */
const bracketedFields = new Set([
  'title',
  'description',
  'state_event',
  'confidential',
  'color',
  'start_date_fixed',
  'start_date_is_fixed',
  'due_date_fixed',
  'due_date_is_fixed',
  'lock_version',
  'label_ids',
]);

const labelIds = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((x) => x !== '') : v === '' ? [] : v),
  z.array(gitlabId).max(100),
);

/** A field name as a message may quote it: bounded, whatever the client sent. */
const quoted = (key: string) => `epic[${key.slice(0, 64)}]`;

export interface EpicPageUpdate {
  input: z.infer<typeof epicUpdateParams>;
  /** `epic[label_ids][]`: the labels the epic should have, by id (to resolve to titles). */
  labelIds?: number[];
}

/**
 * Maps the page form (`epic[...]` from the query string, the form body or a JSON body, plus a
 * top-level `lock_version`) onto the REST PUT schema, so both routes validate with the same one.
 * An unknown field or a bad value is a 400 naming the bracketed field.
 */
export function parseEpicPageUpdate(query: unknown, body: unknown): EpicPageUpdate {
  const fields: Record<string, unknown> = {};
  for (const source of [query, body]) {
    if (!source || typeof source !== 'object') continue;
    const { epic, lock_version } = source as { epic?: unknown; lock_version?: unknown };
    if (lock_version !== undefined) fields.lock_version = lock_version;
    if (epic === undefined) continue;
    if (!epic || typeof epic !== 'object' || Array.isArray(epic)) throw badRequest('epic is invalid', 'epic');
    Object.assign(fields, epic);
  }
  for (const key of Object.keys(fields))
    if (!bracketedFields.has(key)) throw badRequest(`${quoted(key)} is not a field of an epic`, quoted(key));
  const { label_ids, ...rest } = fields;
  try {
    const input = parseInput(epicUpdateParams, rest);
    if (label_ids === undefined) return { input };
    return { input, labelIds: parseInput(z.object({ label_ids: labelIds }), { label_ids }).label_ids };
  } catch (error) {
    if (!(error instanceof DomainError) || !error.field) throw error;
    const [name] = error.field.split('.');
    const field = quoted(name ?? error.field);
    throw badRequest(
      error.message.replace(error.field, () => field),
      field,
    );
  }
}
