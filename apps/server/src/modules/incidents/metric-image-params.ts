import { z } from 'zod';
import { badRequest } from '../../errors';
import { parseInput } from '../../rest/params';

/** GitLab's MetricImage limits: a link of at most 255 characters and its text of at most 128. */
const url = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .url({ protocol: /^https?$/ })
    .max(255)
    .nullable(),
);
const urlText = z.preprocess((v) => (v === '' ? null : v), z.string().max(128).nullable());

/** A file part as the multipart parser hands it over. */
const uploaded = z.custom<{ filename: string; data: Buffer }>(
  (v) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as { data?: unknown }).data),
  'must be a file (multipart/form-data)',
);

const uploadSchema = z.object({ file: uploaded, url: url.optional(), url_text: urlText.optional() });
const updateSchema = z.object({ url: url.optional(), url_text: urlText.optional() });

export type MetricImageUpload = z.infer<typeof uploadSchema>;
export type MetricImageUpdate = z.infer<typeof updateSchema>;

export function parseMetricImageUpload(params: Record<string, unknown>): MetricImageUpload {
  if (params.file === undefined) throw badRequest('file is missing', 'file');
  return parseInput(uploadSchema, params);
}
export const parseMetricImageUpdate = (params: Record<string, unknown>): MetricImageUpdate =>
  parseInput(updateSchema, params);
