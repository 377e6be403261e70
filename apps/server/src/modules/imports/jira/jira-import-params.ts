import { JIRA_CUSTOM_FIELD_CHOICES, JIRA_ITEM_KINDS, type JiraItemKind } from '@meridian/domain';
import { z } from 'zod';
import { badRequest } from '../../../errors';

/** How many types or statuses a mapping may name: far more than a Jira site has. */
const MAX_ENTRIES = 500;

/**
 * The mapping a user chose (the page's editable preview): a kind and a label per issue type, open or
 * closed per status, `labels` or `skip` per custom field; what it leaves out keeps its default.
 */
export const jiraMappingSchema = z
  .object({
    types: z
      .record(
        z.string().max(255),
        z.object({
          kind: z.enum(JIRA_ITEM_KINDS as [JiraItemKind, ...JiraItemKind[]]),
          label: z.string().max(255).optional(),
        }),
      )
      .optional(),
    statuses: z.record(z.string().max(255), z.enum(['opened', 'closed'])).optional(),
    custom_fields: z.record(z.string().max(255), z.enum(JIRA_CUSTOM_FIELD_CHOICES)).optional(),
  })
  .refine(
    (m) =>
      Object.keys(m.types ?? {}).length <= MAX_ENTRIES &&
      Object.keys(m.statuses ?? {}).length <= MAX_ENTRIES &&
      Object.keys(m.custom_fields ?? {}).length <= MAX_ENTRIES,
    `a mapping names at most ${MAX_ENTRIES} types, ${MAX_ENTRIES} statuses and ${MAX_ENTRIES} custom fields`,
  );
export type JiraMappingChoice = z.infer<typeof jiraMappingSchema>;

const upload = z.object({
  file: z.object({ filename: z.string().max(1024), data: z.instanceof(Buffer) }),
  mapping: z
    .string()
    .max(256 * 1024)
    .optional(),
});

/** A Jira import's multipart body: the `file`, and the `mapping` as JSON (optional). */
export function parseJiraUpload(body: unknown): {
  file: { filename: string; data: Buffer };
  mapping: JiraMappingChoice | undefined;
} {
  const parsed = upload.safeParse(body ?? {});
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === 'mapping' ? 'mapping' : 'file';
    throw badRequest(
      field === 'file' ? 'file is missing or is not a file (multipart/form-data)' : 'mapping is invalid: too long',
      field,
    );
  }
  const { file, mapping } = parsed.data;
  return { file: { filename: file.filename.slice(0, 255), data: file.data }, mapping: parseMapping(mapping) };
}

/** The `mapping` field: JSON of `jiraMappingSchema`; 400 naming what is wrong. */
export function parseMapping(text: string | undefined): JiraMappingChoice | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('mapping is invalid: not JSON', 'mapping');
  }
  const parsed = jiraMappingSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      `mapping is invalid: ${issue?.path.join('.') || 'mapping'} ${issue?.message ?? ''}`.trim(),
      'mapping',
    );
  }
  return parsed.data as JiraMappingChoice;
}
